package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/fatih/color"
)

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("run", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	jobs := fs.Int("j", 0, "runs at a time (default: one per CPU)")
	verbose := fs.Bool("v", false, "show the output of passing runs too")
	timeout := fs.Duration("timeout", envDuration("CLEANEXIT_TIMEOUT"), "per python run, overriding every case's timeout")
	repeat := fs.Int("repeat", 0, "run each variant N times; one failure fails it")
	strict := fs.Bool("strict", false, "also fail clean exits whose stderr shows warnings (Exception ignored…)")
	keep := fs.Bool("keep-work", false, "keep each run's $WORK and print where it is")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := sf.config(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit run: %v\n", err)
		return 2
	}
	cfg.Verbose, cfg.Timeout, cfg.Repeat, cfg.Strict, cfg.KeepWork = *verbose, *timeout, *repeat, *strict, *keep

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	s, err := runner.Open(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	term := &report.Terminal{W: stdout, Color: !color.NoColor && stdout == os.Stdout, Verbose: *verbose}
	results := s.RunAll(ctx, *jobs, term.Result)
	term.Summary(results, time.Since(start))
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "cleanexit: interrupted")
		return 130
	}
	for _, r := range results {
		if r.Status.Failed() {
			return 1
		}
	}
	return 0
}

var _ = result.Pass
