package main

import (
	"context"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/result"
)

func cmdProve(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("prove", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	jobs := fs.Int("j", 0, "runs at a time (default: one per CPU)")
	verbose := fs.Bool("v", false, "print every run, not only the verdicts")
	paths, err := parse(fs, splitJobsFlag(args), -1)
	if err != nil {
		return err
	}
	// Runs the cases and says of each whether it discriminates.
	return sf.inSession("prove", paths, stderr, func(ctx context.Context, s *runner.Session) error {
		results := s.RunAll(ctx, *jobs, func(r result.Result) {
			if *verbose {
				fmt.Fprintf(stdout, "  %-11s %s  %s\n", r.Status, r.ID, r.Reason)
			}
		})
		if ctx.Err() != nil {
			return errInterrupted
		}
		failed := false
		for _, p := range runner.Prove(s.Cases, results) {
			fmt.Fprintf(stdout, "%-21s %s  (%s)\n", p.Verdict, p.Case.ID(), p.Summary())
			for _, w := range p.Why {
				fmt.Fprintf(stdout, "    %s\n", w)
			}
			failed = failed || p.Verdict.Failed()
		}
		if failed {
			return exit(exitFailed, nil)
		}
		return nil
	})
}
