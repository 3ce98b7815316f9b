package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/result"
)

func cmdProve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("prove", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	jobs := fs.Int("j", 0, "runs at a time (default: one per CPU)")
	verbose := fs.Bool("v", false, "print every run, not only the verdicts")
	paths, err := parseInterspersed(fs, splitJobsFlag(args))
	if err != nil {
		return 2
	}
	cfg, err := sf.config(paths)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit prove: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := runner.Open(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	defer s.Close()
	results := s.RunAll(ctx, *jobs, func(r result.Result) {
		if *verbose {
			fmt.Fprintf(stdout, "  %-11s %s  %s\n", r.Status, r.ID, r.Reason)
		}
	})
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "cleanexit: interrupted")
		return 130
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
		return 1
	}
	return 0
}
