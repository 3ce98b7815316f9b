package main

import (
	"cmp"
	"context"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/internal/reduce"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/report"
)

const reduceSynopsis = "CASE [--variant V] [--python 3.12] [--file NAME]… [--write] [flags]\n\n" + reduce.Description

func cmdReduce(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("reduce", reduceSynopsis, stderr)
	var sf sessionFlags
	sf.register(fs)
	var to reduce.TargetOptions
	to.AddFlags(fs, sf.Backtrace)
	var o reduce.Options
	o.AddFlags(fs)
	write := fs.Bool("write", false, "write the result as a new case <name>-reduced.txtar beside the original")
	progress := fs.String("progress", "auto", "a live status line: auto (on a terminal), on, off")
	positional, err := command.Parse(fs, cmdflag.SplitJobs(args), -1)
	if err != nil {
		return err
	}
	if len(positional) != 1 {
		fmt.Fprintf(stderr, "cleanexit reduce: want exactly one case (a .txtar file or project/name), got %d\n", len(positional))
		fs.Usage()
		return command.Exit(command.UsageError, nil)
	}
	live, err := report.LiveProgress(*progress, stderr)
	if err = cmp.Or(to.Check(), o.Check(), err); err != nil {
		return command.Exit(command.UsageError, err)
	}
	// The target, not the session, decides per candidate whether a crash
	// is rerun under the debugger.
	sf.Backtrace = ""
	return sf.inSession("reduce", positional, stderr, func(ctx context.Context, s *runner.Session) error {
		t, err := reduce.NewTarget(ctx, s, s.Cases, s.Runs, to)
		if err != nil {
			return command.Exit(command.UsageError, err)
		}
		t.WriteHeader(stdout)
		clear := func() {}
		if live {
			o.Progress, clear = reduce.StatusLine(stderr)
		}
		red, err := reduce.Reduce(ctx, t, o)
		clear()
		if err != nil {
			return command.Exit(command.UsageError, err)
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
			return command.Interruption(ctx, command.Exit(command.Interrupted, nil))
		}
		return nil
	})
}
