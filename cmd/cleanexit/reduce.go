package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cleanexit/cleanexit/runner/reduce"
	"github.com/rogpeppe/go-internal/diff"
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

func cmdReduce(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("reduce", reduceSynopsis, stderr)
	var sf sessionFlags
	sf.register(fs)
	var files listFlag
	variant := fs.String("variant", "", "the variant whose crash is kept (default: the known-bad one, regressed first)")
	python := fs.String("python", "", "the interpreter to run on: 3.12, 3.12.1 (needed when several match)")
	fs.Var(&files, "file", "an archive file to shrink; repeatable (default: the .py files the script runs and the build-ext sources)")
	write := fs.Bool("write", false, "write the result as a new case <name>-reduced.txtar beside the original")
	jobs := fs.Int("j", 2, "candidates judged at once")
	maxTests := fs.Int("max-tests", 0, "judge at most this many candidates (0: no bound)")
	timeLimit := fs.Duration("time-limit", 20*time.Minute, "stop after this long with the smallest interesting candidate found so far, as Ctrl-C does (0: no limit)")
	timeout := fs.Duration("timeout", 0, "bound each python run of a candidate (default: 10× the original run, at least 10s, at most the case's timeout)")
	repeat := fs.Int("repeat", 1, "runs per candidate, for crashes that do not always happen")
	minCrashes := fs.Int("min-crashes", 1, "of --repeat runs, how many must crash the same way")
	progress := fs.String("progress", "auto", "a live status line: auto (on a terminal), on, off")
	backtrace := fs.String("backtrace", sf.Backtrace, "rerun crashed candidates under gdb/lldb to compare phase and culprit: crash (the default) or off (faster; not compared) (env CLEANEXIT_BACKTRACE)")
	positional, err := parseInterspersed(fs, splitJobsFlag(args))
	if err != nil {
		return status("reduce", parseError(err), stderr)
	}
	switch {
	case len(positional) != 1:
		fmt.Fprintf(stderr, "cleanexit reduce: want exactly one case (a .txtar file or project/name), got %d\n", len(positional))
		fs.Usage()
		return exitUsage
	case *repeat < 1 || *minCrashes < 1 || *minCrashes > *repeat:
		fmt.Fprintf(stderr, "cleanexit reduce: want 1 <= --min-crashes (%d) <= --repeat (%d)\n", *minCrashes, *repeat)
		return exitUsage
	case *jobs < 1:
		fmt.Fprintf(stderr, "cleanexit reduce: -j: want 1 or more\n")
		return exitUsage
	case *progress != "auto" && *progress != "on" && *progress != "off":
		fmt.Fprintf(stderr, "cleanexit reduce: --progress: want auto, on or off, not %q\n", *progress)
		return exitUsage
	}
	// The target, not the session, decides per candidate whether a
	// crash is rerun under the debugger.
	sf.Backtrace = ""
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := sf.open(ctx, "reduce", positional, stderr)
	if err != nil {
		return status("reduce", err, stderr)
	}
	defer s.Close()
	t, err := reduce.NewTarget(ctx, s, s.Cases, s.Runs, reduce.TargetOptions{
		Variant: *variant, Python: *python, Repeat: *repeat, MinCrashes: *minCrashes,
		Timeout: *timeout, Backtrace: *backtrace,
	})
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit reduce: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "reducing %s: keeping %s\n", t.Run.ID, t.Want)
	fmt.Fprintf(stdout, "interesting: %s", t.Want.Criteria())
	if t.Fixed != nil {
		fmt.Fprintf(stdout, "; variant %s still passes", t.Fixed.Variant.Name)
	}
	fmt.Fprintln(stdout)
	opt := reduce.Options{Files: files, Jobs: *jobs, MaxTests: *maxTests, TimeLimit: *timeLimit}
	live := *progress == "on" || *progress == "auto" && isTerminal(stderr)
	if live {
		opt.Progress = func(p reduce.Progress) {
			fmt.Fprintf(stderr, "\r\033[K%d lines · %d tests · %s · %s", p.Lines, p.Tests, p.Elapsed.Round(time.Second), p.Pass)
		}
	}
	red, err := reduce.Reduce(ctx, t, opt)
	if live {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit reduce: %v\n", err)
		return exitUsage
	}
	for _, f := range red.Files {
		fmt.Fprintf(stdout, "\n%s: %d → %d lines\n", f.Name, reduce.Lines(f.Original), reduce.Lines(f.Reduced))
		stdout.Write(diff.Diff(f.Name, []byte(f.Original), f.Name+" (reduced)", []byte(f.Reduced)))
	}
	for _, f := range red.Files {
		fmt.Fprintf(stdout, "\n-- %s --\n%s", f.Name, f.Reduced)
	}
	fmt.Fprintf(stdout, "\n%d → %d lines: %d tests (%d python runs, %d rejected before a run) in %s\n",
		red.LinesBefore(), red.LinesAfter(), red.Tests, red.Runs, red.Rejected, red.Elapsed.Round(time.Millisecond))
	if red.Stopped != "" {
		fmt.Fprintf(stdout, "stopped early (%s): this is the smallest interesting candidate found\n", red.Stopped)
	}
	if red.Unverified != "" {
		fmt.Fprintf(stderr, "cleanexit reduce: judged again in full, the result is not interesting (%s): the crash may not always happen; try --repeat 5 --min-crashes 3\n", red.Unverified)
		return 1
	}
	if *write {
		path, err := reduce.Write(t.Run.Case, red)
		if err != nil {
			fmt.Fprintf(stderr, "cleanexit reduce: --write: %v\n", err)
			return exitFailed
		}
		fmt.Fprintf(stdout, "wrote %s\n", path)
	}
	if red.Stopped == "interrupted" {
		return exitInterrupted
	}
	return 0
}
