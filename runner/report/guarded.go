package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/cleanexit/cleanexit/internal/guard"
)

// Guarded prints the verdict on a command `cleanexit exec` ran: one line
// ("CRASH python -m pytest: exit 139 (SIGSEGV), want 0 · segfault ·
// finalization in ext…so: boom (12.1s)"), then the native stack of the
// rerun, or why there was none, for a command that did not pass.
func Guarded(w io.Writer, argv []string, o guard.Outcome) {
	line := o.Problem
	if line == "" {
		line = o.Status.String()
	}
	if o.Native.Found() {
		line = join(line, o.Native.Summary())
	}
	fmt.Fprintf(w, "%s %s: %s (%s)\n", o.Word, Visible(strings.Join(argv, " ")), Visible(line), Duration(o.Duration))
	if o.Word == "PASS" {
		return
	}
	switch n := o.Native; {
	case n.Found():
		fmt.Fprintf(w, "    native: %s\n", Visible(nativeHeadline(n)))
		fmt.Fprintf(w, "    native stacks (%s, every thread):\n", n.Debugger)
		for _, l := range strings.Split(strings.TrimRight(n.Stacks, "\n"), "\n") {
			fmt.Fprintf(w, "      %s\n", Visible(l))
		}
	case n != nil && n.Note != "":
		fmt.Fprintf(w, "    backtrace: %s\n", Visible(n.Note))
	case o.NoRerun != "" && o.Word == "CRASH":
		fmt.Fprintf(w, "    backtrace: %s\n", o.NoRerun)
	}
}
