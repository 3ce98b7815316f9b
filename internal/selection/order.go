package selection

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/cleanexit/cleanexit/internal/plan"
)

// Orders are the values --order takes.
var Orders = []string{"lexical", "random", "smart"}

// Order sorts runs in place.
//
//   - "lexical": by ID.
//   - "random": a shuffle of the lexical order, the same for the same seed.
//   - "smart": runs that failed last time first, then the slowest, then
//     runs never timed, each group by ID; so a re-run shows the interesting
//     results first and long runs do not start last and set the wall time.
//
// "" keeps the plan's order.
func Order(runs []*plan.Run, order string, seed uint64, times Times) error {
	byID := func(i, j int) bool { return runs[i].ID < runs[j].ID }
	switch order {
	case "":
	case "lexical":
		sort.SliceStable(runs, byID)
	case "random":
		sort.SliceStable(runs, byID)
		rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
		rng.Shuffle(len(runs), func(i, j int) { runs[i], runs[j] = runs[j], runs[i] })
	case "smart":
		sort.SliceStable(runs, func(i, j int) bool {
			a, aok := times[runs[i].ID]
			b, bok := times[runs[j].ID]
			switch {
			case aok != bok:
				return aok
			case a.Failed != b.Failed:
				return a.Failed
			case a.Seconds != b.Seconds:
				return a.Seconds > b.Seconds
			}
			return runs[i].ID < runs[j].ID
		})
	default:
		return fmt.Errorf("--order: want lexical, random or smart, not %q", order)
	}
	return nil
}
