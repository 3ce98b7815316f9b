package bisect

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cleanexit/cleanexit/internal/atomicfile"
)

// writeSummary prints where the search ended, after the step log:
//
//	first bad: 8e00a2d9d "Make mx.compile cache erasing thread safe (#4248)"  last good: d9e2b0d40
//
// or, for a search for the first fixed release (newest first),
//
//	first fixed: 3.12.0  last bad: 3.11.0
func (f Finding) writeSummary(w io.Writer) {
	if f.fixed {
		if f.decisive() {
			fmt.Fprintf(w, "first fixed: %s  last bad: %s\n", f.lastGood, f.firstBad)
		} else {
			fmt.Fprintf(w, "first fixed: %s or an older one down to %s (skipped steps left it open)  last bad: %s\n", f.lastGood, f.candidates[0], f.firstBad)
		}
		f.writeSkipped(w)
		return
	}
	first := shortRev(f.firstBad)
	if f.subject != "" {
		first += " " + `"` + f.subject + `"`
	}
	if f.decisive() {
		fmt.Fprintf(w, "first bad: %s  last good: %s\n", first, shortRev(f.lastGood))
	} else {
		var cands []string
		for _, c := range f.candidates {
			cands = append(cands, shortRev(c))
		}
		fmt.Fprintf(w, "first bad: one of %s (skipped steps left it open)  last good: %s\n", strings.Join(cands, ", "), shortRev(f.lastGood))
	}
	f.writeSkipped(w)
}

// writeSkipped ends the summary: the skipped steps and the count.
func (f Finding) writeSkipped(w io.Writer) {
	if len(f.skipped) > 0 {
		var sk []string
		for _, s := range f.skipped {
			sk = append(sk, shortRev(s))
		}
		fmt.Fprintf(w, "skipped: %s\n", strings.Join(sk, ", "))
	}
	searched := max(len(f.steps)-2, 0)
	fmt.Fprintf(w, "%d steps: 2 ends, %d between\n", len(f.steps), searched)
}

// A Log is a bisection as `--json` writes it.
type Log struct {
	Case       string   `json:"case"`
	Run        string   `json:"run"`
	Package    string   `json:"package"`
	Repo       string   `json:"repo,omitempty"`
	Good       string   `json:"good"`
	Bad        string   `json:"bad"`
	FirstBad   string   `json:"first_bad,omitempty"`
	Subject    string   `json:"subject,omitempty"`
	LastGood   string   `json:"last_good,omitempty"`
	FirstFixed string   `json:"first_fixed,omitempty"` // a search with --good newer than --bad
	LastBad    string   `json:"last_bad,omitempty"`
	Candidates []string `json:"candidates,omitempty"`
	Skipped    []string `json:"skipped,omitempty"`
	Steps      []Step   `json:"steps"`
	Error      string   `json:"error,omitempty"`
}

// WriteJSON writes the log to file, or to stdout when file is "-".
func (l Log) WriteJSON(file string, stdout io.Writer) error {
	data, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if file == "-" {
		_, err = stdout.Write(data)
		return err
	}
	return atomicfile.Write(file, data, 0o644)
}
