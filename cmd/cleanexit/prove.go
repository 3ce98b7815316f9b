package main

import (
	"context"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/result"
)

func cmdProve(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("prove", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	jobs := fs.Int("j", 0, "runs at a time (default: one per CPU)")
	verbose := fs.Bool("v", false, "print every run, not only the verdicts")
	paths, err := command.Parse(fs, cmdflag.SplitJobs(args), -1)
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
			return command.Interruption(ctx, command.ErrInterrupted)
		}
		if runner.WriteProofs(stdout, runner.Prove(s.Cases, results)) {
			return command.Exit(command.Failed, nil)
		}
		return nil
	})
}
