package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/fatih/color"
)

// Terminal prints one line per finished run, failures followed by their
// diagnosis, and a closing summary line.
type Terminal struct {
	W       io.Writer
	Color   bool // colour the status words; the caller decides (TTY, NO_COLOR)
	Verbose bool // show the output of passing runs too
	// Actions: the output is a GitHub Actions log, where a result that
	// holds a line the runner would take for a workflow command is fenced
	// off (see commandSafe).
	Actions bool
}

var statusColor = map[result.Status]*color.Color{
	result.Pass:        color.New(color.FgGreen),
	result.FlakyPass:   color.New(color.FgYellow),
	result.XFail:       color.New(color.FgGreen),
	result.Unsupported: color.New(color.FgHiBlack),
	result.Fail:        color.New(color.FgRed, color.Bold),
	result.XPass:       color.New(color.FgRed, color.Bold),
	result.Unresolved:  color.New(color.FgMagenta, color.Bold),
	result.Timeout:     color.New(color.FgRed, color.Bold),
}

func (t *Terminal) status(s result.Status) string {
	word := fmt.Sprintf("%-11s", s)
	if !t.Color {
		return word
	}
	c := statusColor[s]
	if c == nil {
		return word
	}
	c.EnableColor()
	return c.Sprint(word)
}

// Result prints one finished run, in one write. Everything but the status
// word is shown through Visible: a case's output, its name and its file's
// lines reach the terminal here.
func (t *Terminal) Result(r result.Result) {
	line := VisibleName(r.ID)
	if reason := withNative(r); reason != "" {
		line += "  " + Visible(reason)
	}
	if r.Override != "" {
		line += "  [" + Visible(r.Override) + "]"
	}
	line += "  (" + Duration(r.Duration) + ")"
	var more strings.Builder
	if r.Status.Failed() || t.Verbose {
		t.details(&more, r)
	} else {
		for _, w := range r.Warnings {
			fmt.Fprintf(&more, "    warning: %s\n", w)
		}
		if r.Native != nil && r.Native.Note != "" && !strings.Contains(r.Reason, r.Native.Note) {
			fmt.Fprintf(&more, "    backtrace: %s\n", r.Native.Note)
		}
	}
	w := t.W
	if t.Actions {
		w = commandSafe{w}
	}
	io.WriteString(w, t.status(r.Status)+" "+line+"\n"+Visible(more.String()))
}

// withNative is the result line's diagnosis, the exit status first and
// the native verdict after it: "exit 139 (SIGSEGV) · thread-local-destructor
// in holder…so: Refs::clear". Every run that ended shows how, a pass
// too, with or without a stack; a reason that already names the status
// or the phase (a wrong-phase failure) is not repeated.
func withNative(r result.Result) string {
	line := r.Reason
	if r.Actual != "" && !strings.Contains(line, r.Actual) {
		line = join(r.Actual, line)
	}
	if r.Native.Found() {
		if summary := r.Native.Summary(); !strings.Contains(line, summary) {
			line = join(line, summary)
		}
	}
	return line
}

// join puts " · " between two parts of a line where both are there.
func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " · " + b
}

func (t *Terminal) details(w io.Writer, r result.Result) {
	indent := func(title, body string) {
		body = strings.TrimRight(body, "\n")
		if body == "" {
			return
		}
		fmt.Fprintf(w, "    %s:\n", title)
		for _, l := range strings.Split(body, "\n") {
			fmt.Fprintf(w, "      %s\n", l)
		}
	}
	if r.Status == result.Unsupported {
		return
	}
	if r.Line > 0 {
		fmt.Fprintf(w, "    case: %s:%d\n", VisibleName(r.File), r.Line)
	} else {
		fmt.Fprintf(w, "    case: %s\n", VisibleName(r.File))
	}
	if r.Interpreter != "" {
		fmt.Fprintf(w, "    python: %s (%s)\n", r.Version, r.Interpreter)
	}
	for _, warning := range r.Warnings {
		fmt.Fprintf(w, "    warning: %s\n", warning)
	}
	if r.OutputDropped != "" {
		fmt.Fprintf(w, "    output: %s (judged on its head and tail)\n", r.OutputDropped)
	}
	if r.Traceback != "" {
		indent("faulthandler", r.Traceback)
	}
	if !strings.Contains(r.Traceback, strings.TrimSpace(r.StderrTail)) {
		indent("stderr (last lines)", r.StderrTail)
	}
	if n := r.Native; n != nil {
		if n.Found() {
			fmt.Fprintf(w, "    native: %s\n", nativeHeadline(n))
			indent("native stacks ("+n.Debugger+", every thread)", n.Stacks)
		} else if n.Note != "" {
			fmt.Fprintf(w, "    backtrace: %s\n", n.Note)
		}
	}
	indent("script", r.Log)
	if r.Work != "" {
		fmt.Fprintf(w, "    work: %s\n", r.Work)
	}
}

// Summary prints the closing line: counts per status and the wall time.
func (t *Terminal) Summary(results []result.Result, elapsed time.Duration) {
	fmt.Fprintln(t.W, SummaryLine(results, elapsed))
}

// SummaryLine reads "24 runs: 12 PASS, 10 UNSUPPORTED, 2 FAIL (3.4s)".
func SummaryLine(results []result.Result, elapsed time.Duration) string {
	counts := map[result.Status]int{}
	for _, r := range results {
		counts[r.Status]++
	}
	var parts []string
	for _, s := range result.Statuses {
		if n := counts[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, s))
		}
	}
	if len(parts) == 0 {
		parts = []string{"nothing to run"}
	}
	line := fmt.Sprintf("%d runs: %s (%s)", len(results), strings.Join(parts, ", "), Duration(elapsed))
	if n := counts[result.Unsupported]; n > 0 && n == len(results) {
		// Green, and it showed nothing: say so, lest it read as a pass.
		line += " · nothing judged: every run was UNSUPPORTED"
	}
	return line
}

// Duration rounds for people: 12ms, 1.3s, 2m5s.
func Duration(d time.Duration) string {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
