package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/reduce"
	"github.com/cleanexit/cleanexit/runner/report"
)

const reduceSynopsis = `CASE [--variant V] [--python 3.12] [--file NAME]… [--write] [flags]

Shrinks a case's repro to the lines that still crash the same way: ddmin
over top-level statements (Python, parsed by the target interpreter's own
ast module) or brace-balanced blocks (C, C++), then nested ones, then
simpler literal arguments and unused imported names (Python) or rewrites
inside lines (C, C++: a variable used once inlined, initialisers dropped,
literals made "" and 0, brace lists' trailing elements dropped, a short
block put on one line), then lines, to a fixpoint. A C/C++ candidate is
checked by the compiler with -fsyntax-only before it is built and run.

A candidate is interesting when the variant fails as the original did:
the same exit status class (the same signal, or the same non-zero code),
the same stderr signature (runner/diagnose), and the variant's own checks;
when the case has a fixed variant that passes, it must still pass, so the
reduced case still discriminates. The phase and culprit frame are compared
where the crash can be rerun under gdb or lldb (backtrace: crash, the
default; --backtrace off turns it off): a candidate that crashes in
another phase or another function is not interesting. Each candidate is
screened without the debugger and the fixed variant; the state each pass
ends with is rerun under the debugger and runs the fixed variant (steps
that fail that are taken back), and the result is judged in full once
more at the end.

Ctrl-C, or --time-limit running out, stops and prints the smallest
interesting candidate found so far.`

func cmdReduce(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("reduce", reduceSynopsis, stderr)
	var sf sessionFlags
	sf.register(fs)
	var to reduce.TargetOptions
	to.AddFlags(fs, sf.Backtrace)
	var o reduce.Options
	o.AddFlags(fs)
	write := fs.Bool("write", false, "write the result as a new case <name>-reduced.txtar beside the original")
	progress := fs.String("progress", "auto", "a live status line: auto (on a terminal), on, off")
	positional, err := parse(fs, splitJobsFlag(args), -1)
	if err != nil {
		return err
	}
	if len(positional) != 1 {
		fmt.Fprintf(stderr, "cleanexit reduce: want exactly one case (a .txtar file or project/name), got %d\n", len(positional))
		fs.Usage()
		return exit(exitUsage, nil)
	}
	live, err := report.LiveProgress(*progress, stderr)
	if err = cmp.Or(to.Check(), o.Check(), err); err != nil {
		return exit(exitUsage, err)
	}
	// The target, not the session, decides per candidate whether a crash
	// is rerun under the debugger.
	sf.Backtrace = ""
	return sf.inSession("reduce", positional, stderr, func(ctx context.Context, s *runner.Session) error {
		t, err := reduce.NewTarget(ctx, s, s.Cases, s.Runs, to)
		if err != nil {
			return exit(exitUsage, err)
		}
		t.WriteHeader(stdout)
		if live {
			o.Progress = func(p reduce.Progress) {
				fmt.Fprintf(stderr, "\r\033[K%d lines · %d tests · %s · %s", p.Lines, p.Tests, p.Elapsed.Round(time.Second), p.Pass)
			}
		}
		red, err := reduce.Reduce(ctx, t, o)
		if live {
			fmt.Fprint(stderr, "\r\033[K")
		}
		if err != nil {
			return exit(exitUsage, err)
		}
		red.WriteReport(stdout)
		if err := red.Verified(); err != nil {
			return err
		}
		if *write {
			path, err := reduce.Write(t.Run.Case, red)
			if err != nil {
				return fmt.Errorf("--write: %v", err)
			}
			fmt.Fprintf(stdout, "wrote %s\n", path)
		}
		if red.Stopped == "interrupted" {
			return exit(exitInterrupted, nil)
		}
		return nil
	})
}
