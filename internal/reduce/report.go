package reduce

import (
	"fmt"
	"io"
	"time"

	"github.com/rogpeppe/go-internal/diff"
)

// WriteHeader says what the reduction keeps, before it starts:
//
//	reducing p/noisy/regressed/3.12: keeping SIGABRT · abort
//	interesting: …; variant default still passes
func (t *Target) WriteHeader(w io.Writer) {
	fmt.Fprintf(w, "reducing %s: keeping %s\n", t.Run.ID, t.Want)
	fmt.Fprintf(w, "interesting: %s", t.Want.Criteria())
	if t.Fixed != nil {
		fmt.Fprintf(w, "; variant %s still passes", t.Fixed.Variant.Name)
	}
	fmt.Fprintln(w)
}

// WriteReport prints what the reduction found: a diff of each shrunk file,
// the reduced files whole, the cost, and why it stopped early if it did.
func (r *Reduction) WriteReport(w io.Writer) {
	for _, f := range r.Files {
		fmt.Fprintf(w, "\n%s: %d → %d lines\n", f.Name, Lines(f.Original), Lines(f.Reduced))
		w.Write(diff.Diff(f.Name, []byte(f.Original), f.Name+" (reduced)", []byte(f.Reduced)))
	}
	for _, f := range r.Files {
		fmt.Fprintf(w, "\n-- %s --\n%s", f.Name, f.Reduced)
	}
	fmt.Fprintf(w, "\n%d → %d lines: %d tests (%d python runs, %d rejected before a run) in %s\n",
		r.LinesBefore(), r.LinesAfter(), r.Tests, r.Runs, r.Rejected, r.Elapsed.Round(time.Millisecond))
	if r.Unsound > 0 {
		fmt.Fprintf(w, "%d of those rejected changed the program's meaning: a call of the extension dropped, or a compiler warning of undefined behaviour added\n", r.Unsound)
	}
	if r.Stopped != "" {
		fmt.Fprintf(w, "stopped early (%s): this is the smallest interesting candidate found\n", r.Stopped)
	}
}

// Verified is nil when the reduction's result, judged in full once more
// at the end, was interesting, and otherwise says what to try.
func (r *Reduction) Verified() error {
	if r.Unverified == "" {
		return nil
	}
	return fmt.Errorf("judged again in full, the result is not interesting (%s): the crash may not always happen; try --repeat 5 --min-crashes 3", r.Unverified)
}

// StatusLine is a live status line on w, a terminal: show redraws it with
// the reduction's progress, clear wipes it before the report is written.
func StatusLine(w io.Writer) (show func(Progress), clear func()) {
	show = func(p Progress) {
		fmt.Fprintf(w, "\r\033[K%d lines · %d tests · %s · %s", p.Lines, p.Tests, p.Elapsed.Round(time.Second), p.Pass)
	}
	return show, func() { fmt.Fprint(w, "\r\033[K") }
}
