package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/authoring"
	"github.com/cleanexit/cleanexit/runner/bisect"
	"github.com/cleanexit/cleanexit/runner/plan"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/fatih/color"
)

func cmdRun(args []string, stdout, stderr io.Writer) int {
	var f runFlags
	err := runCases(&f, args, stdout, stderr)
	var e *exitError
	if errors.As(err, &e) && e.code == exitUsage {
		e.code = f.usageStatus(args)
	}
	return status("run", err, stderr)
}

// runCases is `cleanexit run`: open the session the flags describe, run
// it, render the results and write the reports.
func runCases(f *runFlags, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", "[flags] [PATH|CASE…]", stderr)
	f.register(fs)
	paths, err := parseInterspersed(fs, splitJobsFlag(args))
	if err != nil {
		return parseError(err)
	}
	cfg, err := f.Settings.Config(paths)
	if errors.Is(err, authoring.ErrNothingChanged) {
		if f.allowEmpty {
			fmt.Fprintln(stdout, err)
			return nil
		}
		err = fmt.Errorf("no run to do: %v (--allow-empty makes that exit 0)", err)
	}
	if err == nil {
		err = f.check()
	}
	for _, out := range []struct{ flag, path string }{{"--json", f.jsonOut}, {"--junit", f.junitOut}} {
		if werr := report.Writable(out.path); werr != nil && err == nil {
			err = fmt.Errorf("%s: %v", out.flag, werr)
		}
	}
	if err != nil {
		return exit(exitUsage, err)
	}
	cfg.Warn = warnings("run", stderr)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	s, err := runner.Open(ctx, cfg)
	if err != nil {
		return exit(exitUsage, asIs{err})
	}
	defer s.Close()
	if cfg.Order == "random" && cfg.Seed == 0 {
		fmt.Fprintf(stderr, "cleanexit: --order random --seed %d\n", s.Seed)
	}
	if why := s.NothingToRun(); why != "" && !f.allowEmpty {
		return exit(exitUsage, errors.New(why))
	}
	results, interrupted := runAndShow(ctx, s, f, stdout)
	elapsed := time.Since(start)

	doc := s.NewDocument(f.host, start)
	doc.Command = redactedCommand(args)
	doc.Finish(elapsed, interrupted)
	doc.Selection.NotStarted = len(s.Runs) - len(results)
	for _, r := range results {
		doc.Add(r)
	}
	if n := doc.Selection.NotStarted; n > 0 && !interrupted {
		fmt.Fprintf(stdout, "%d runs not started: --max-failures %d reached\n", n, cfg.MaxFailures)
	}
	if f.timeTests {
		report.WriteTimings(stdout, results, 10)
	}
	if err := s.RecordTimes(results, interrupted); err != nil {
		fmt.Fprintf(stderr, "cleanexit: warning: keeping run times: %v\n", err)
	}
	reportsWritten := writeReports(doc, results, f, stdout, stderr)
	switch {
	case interrupted:
		return errInterrupted
	case f.bisectExit:
		// The verdict, never a crashing child's own 134 or 139: git
		// aborts a bisection on any status of 128 or more.
		if code := bisect.RunVerdict(results).ExitCode(); code != 0 {
			return exit(code, nil)
		}
		return nil
	case !reportsWritten:
		return exit(exitUsage, nil)
	case result.AnyFailed(results):
		return exit(exitFailed, nil)
	}
	return nil
}

// runAndShow runs the session, showing each result as it comes and a
// live status line, then the summary. Results are in the runs' order, not
// the order they finished in, so that two reports diff well.
func runAndShow(ctx context.Context, s *runner.Session, f *runFlags, stdout io.Writer) (results []result.Result, interrupted bool) {
	start := time.Now()
	term := &report.Terminal{W: stdout, Color: !color.NoColor && stdout == os.Stdout, Verbose: s.Verbose}
	progress := &report.Progress{W: stdout, Total: len(s.Runs), Print: term.Result,
		Live: f.progress == "on" || (f.progress == "auto" && isTerminal(stdout))}
	if progress.Live {
		progress.Width = terminalWidth(stdout)
		progress.Expected, progress.Jobs = s.ExpectedTimes(), f.jobs
		if progress.Jobs <= 0 {
			progress.Jobs = runtime.NumCPU()
		}
	}
	s.Started = func(r *plan.Run) { progress.Started(r.ID) }
	progress.Begin()
	results = s.RunAll(ctx, f.jobs, progress.Finished)
	progress.End()
	term.Summary(results, time.Since(start))
	return results, ctx.Err() != nil
}

// writeReports writes every report asked for, even after a failure to
// write one, and says on stderr which could not be written.
func writeReports(doc *report.Document, results []result.Result, f *runFlags, stdout, stderr io.Writer) bool {
	ok := true
	write := func(path string, render func(io.Writer) error) {
		if path == "" {
			return
		}
		var b bytes.Buffer
		err := render(&b)
		if err == nil {
			err = os.WriteFile(path, b.Bytes(), 0o666)
		}
		if err != nil {
			fmt.Fprintf(stderr, "cleanexit: writing the report: %v\n", err)
			ok = false
		}
	}
	write(f.jsonOut, doc.WriteJSON)
	write(f.junitOut, func(w io.Writer) error { return report.WriteJUnit(w, doc) })
	if f.github {
		report.Annotations(stdout, results, os.Getenv("GITHUB_WORKSPACE"))
		if path := os.Getenv("GITHUB_STEP_SUMMARY"); path != "" {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
			if err == nil {
				report.StepSummary(f, doc)
				err = f.Close()
			}
			if err != nil {
				fmt.Fprintf(stderr, "cleanexit: writing the step summary: %v\n", err)
				ok = false
			}
		}
	}
	return ok
}

// columnsFromEnv is $COLUMNS, which shells set for a terminal; 0 if unset.
func columnsFromEnv() int {
	n, _ := strconv.Atoi(os.Getenv("COLUMNS"))
	return max(n, 0)
}

// isTerminal reports whether w is a terminal, where a status line can be
// redrawn in place.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// urlCredentials is the user:password@ part of a URL.
var urlCredentials = regexp.MustCompile(`(://)[^/@\s]+@`)

// redactedCommand is the command line for the report, without the
// credentials an --index-url may carry: reports end up as CI artifacts.
func redactedCommand(args []string) []string {
	out := []string{"cleanexit", "run"}
	for _, a := range args {
		out = append(out, urlCredentials.ReplaceAllString(a, "${1}***@"))
	}
	return out
}
