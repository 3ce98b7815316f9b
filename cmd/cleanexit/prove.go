package main

import (
	"context"
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
		var each func(result.Result)
		if *verbose {
			each = runner.ProofRunLine(stdout)
		}
		results := s.RunAll(ctx, *jobs, each)
		s.Close()
		if ctx.Err() != nil {
			return command.Interruption(ctx, command.ErrInterrupted)
		}
		if runner.WriteProofs(stdout, runner.Prove(s.Cases, results)) {
			return command.Exit(command.Failed, nil)
		}
		return nil
	})
}
