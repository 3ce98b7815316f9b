package report

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/cleanexit/cleanexit/runner/result"
)

// WriteTimings prints, as lit's --time-tests does, the n slowest runs and
// then every environment this invocation built, with how long each took:
// the two places where a corpus's wall time goes.
func WriteTimings(w io.Writer, results []result.Result, n int) {
	ran := make([]result.Result, 0, len(results))
	for _, r := range results {
		if r.Status != result.Unsupported {
			ran = append(ran, r)
		}
	}
	sort.SliceStable(ran, func(i, j int) bool { return ran[i].Duration > ran[j].Duration })
	if len(ran) > n {
		ran = ran[:n]
	}
	fmt.Fprintf(w, "Slowest runs:\n")
	if len(ran) == 0 {
		fmt.Fprintf(w, "  none ran\n")
	}
	for _, r := range ran {
		fmt.Fprintf(w, "  %8s  %s\n", Duration(r.Duration), VisibleName(r.ID))
	}
	var built []result.Result
	var total time.Duration
	for _, r := range results {
		if r.EnvBuilt {
			built = append(built, r)
			total += r.EnvTime
		}
	}
	sort.SliceStable(built, func(i, j int) bool { return built[i].EnvTime > built[j].EnvTime })
	if len(built) == 0 {
		fmt.Fprintf(w, "Environments built: none (all from the cache)\n")
		return
	}
	fmt.Fprintf(w, "Environments built: %d, %s in all\n", len(built), Duration(total))
	for _, r := range built {
		fmt.Fprintf(w, "  %8s  %s  for %s\n", Duration(r.EnvTime), r.EnvKey, VisibleName(r.ID))
	}
}
