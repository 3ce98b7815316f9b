package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cleanexit/cleanexit/internal/changed"

	"github.com/cleanexit/cleanexit/internal/bisect"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/fatih/color"
)

func cmdRun(args []string, stdout, stderr io.Writer) error {
	var f runFlags
	err := runCases(&f, args, stdout, stderr)
	if command.Code(err) == command.UsageError {
		return command.Exit(f.usageStatus(args), errors.Unwrap(err))
	}
	return err
}

// runCases is `cleanexit run`: open the session the flags describe, run
// it, render the results and write the reports.
func runCases(f *runFlags, args []string, stdout, stderr io.Writer) error {
	// First of all: a signal that came while the flags were read would
	// end the process by default, and with it the report it owes.
	ctx, stop := command.Interruptible()
	defer stop()
	start := time.Now()
	fs := cmdflag.New("run", "[flags] [PATH|CASE…]", stderr)
	f.register(fs)
	paths, err := command.Parse(fs, cmdflag.SplitJobs(args), -1)
	if err != nil {
		return err
	}
	cfg, err := f.Settings.Config(paths)
	if errors.Is(err, changed.ErrNothing) {
		if f.AllowEmpty {
			fmt.Fprintln(stdout, err)
			return nil
		}
		err = fmt.Errorf("no run to do: %v (--allow-empty makes that exit 0)", err)
	}
	if err == nil {
		f.live, err = report.LiveProgress(f.progress, stdout)
	}
	if err == nil {
		err = f.files.Check()
	}
	if err != nil {
		return command.Exit(command.UsageError, err)
	}

	s, err := openSession(ctx, cfg, "run", stderr)
	if err != nil {
		if ctx.Err() != nil {
			// Stopped before any run: the reports still say so.
			doc := report.NewDocument(f.host, nil, nil, start)
			doc.Command = report.RedactedCommand(append([]string{"cleanexit", "run"}, args...))
			doc.Finish(time.Since(start), true)
			if werr := f.files.Write(doc); werr != nil {
				fmt.Fprintf(stderr, "cleanexit: writing the reports: %v\n", werr)
			}
		}
		return err
	}
	defer s.Close()
	if err := f.files.Outside(cases.Trees(s.Cases)); err != nil {
		return command.Exit(command.UsageError, err)
	}
	if cfg.Order == "random" && cfg.Seed == 0 {
		fmt.Fprintf(stderr, "cleanexit: --order random --seed %d\n", s.Seed)
	}
	if why := s.NothingToRun(); why != "" && !f.AllowEmpty {
		return command.Exit(command.UsageError, errors.New(why))
	}
	results, interrupted := runAndShow(ctx, s, f, stdout)
	s.Close() // the runs are over; the reports need only their results
	doc := s.Document(f.host, start, results, interrupted)
	doc.Command = report.RedactedCommand(append([]string{"cleanexit", "run"}, args...))
	if n := doc.Selection.NotStarted; n > 0 && !interrupted {
		fmt.Fprintf(stdout, "%d runs not started: --max-failures %d reached\n", n, cfg.MaxFailures)
	}
	if f.timeTests {
		report.WriteTimings(stdout, results, 10)
	}
	if err := s.RecordTimes(results, interrupted); err != nil {
		fmt.Fprintf(stderr, "cleanexit: warning: keeping run times: %v\n", err)
	}
	if f.github {
		report.Annotations(stdout, results, os.Getenv("GITHUB_WORKSPACE"))
		f.files.StepSummary = os.Getenv("GITHUB_STEP_SUMMARY")
	}
	reportsErr := f.files.Write(doc)
	if reportsErr != nil {
		fmt.Fprintf(stderr, "cleanexit: writing the reports: %v\n", reportsErr)
	}
	switch {
	case interrupted:
		return command.Interruption(ctx, command.ErrInterrupted)
	case f.bisectExit:
		// The verdict, never a crashing child's own 134 or 139: git
		// aborts a bisection on any status of 128 or more.
		return command.Quiet(bisect.RunVerdict(results).ExitCode())
	case reportsErr != nil:
		return command.Exit(command.UsageError, nil)
	case result.AnyFailed(results):
		return command.Exit(command.Failed, nil)
	}
	return nil
}

// runAndShow runs the session, showing each result as it comes and a
// live status line, then the summary. Results are in the runs' order, not
// the order they finished in, so that two reports diff well.
func runAndShow(ctx context.Context, s *runner.Session, f *runFlags, stdout io.Writer) (results []result.Result, interrupted bool) {
	start := time.Now()
	term := &report.Terminal{W: stdout, Color: !color.NoColor && stdout == os.Stdout, Verbose: s.Verbose, Actions: f.github}
	progress := s.Progress(stdout, f.live, f.jobs, term.Result)
	progress.Begin()
	results = s.RunAll(ctx, f.jobs, progress.Finished)
	progress.End()
	term.Summary(results, time.Since(start))
	return results, ctx.Err() != nil
}
