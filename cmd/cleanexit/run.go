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
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/authoring"
	"github.com/cleanexit/cleanexit/runner/bisect"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/forensics"
	"github.com/cleanexit/cleanexit/runner/plan"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/cleanexit/cleanexit/runner/selection"
	"github.com/fatih/color"
)

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("run", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	var cf controlFlags
	cf.register(fs)
	jobs := fs.Int("j", 0, "runs at a time (default: one per CPU)")
	verbose := fs.Bool("v", false, "show the output of passing runs too")
	timeout := fs.Duration("timeout", envDuration("CLEANEXIT_TIMEOUT"), "per python run, overriding every case's timeout")
	repeat := fs.Int("repeat", 0, "run each variant N times; one failure fails it")
	strict := fs.Bool("strict", false, "also fail clean exits whose stderr shows warnings (Exception ignored…)")
	backtrace := fs.String("backtrace", os.Getenv("CLEANEXIT_BACKTRACE"), "repeat a python run under gdb/lldb for its native stacks: off, crash (after a crash; the default) or always, overriding every case's backtrace: (env CLEANEXIT_BACKTRACE)")
	backtraceTimeout := fs.Duration("backtrace-timeout", forensics.DefaultTimeout, "limit of one rerun under the debugger")
	keep := fs.Bool("keep-work", false, "keep each run's $WORK and print where it is")
	sandbox := fs.Bool("sandbox", false, "run each python and exec under bubblewrap: read-only but $WORK, no network unless required (Linux)")
	jsonOut := fs.String("json", "", "write the JSON report (docs/report-json.md) to `FILE`")
	junitOut := fs.String("junit", "", "write JUnit XML to `FILE`")
	github := fs.Bool("github", os.Getenv("GITHUB_ACTIONS") == "true", "GitHub Actions annotations, and a summary appended to $GITHUB_STEP_SUMMARY (default when GITHUB_ACTIONS=true)")
	hostName := fs.String("host", os.Getenv("CLEANEXIT_HOST"), "this machine's `name` in reports (default: its hostname) (env CLEANEXIT_HOST)")
	changed := fs.String("changed", "", "run only the cases whose files differ from git revision `BASE` (e.g. origin/main)")
	allowEmpty := fs.Bool("allow-empty", false, "exit 0 when the selection leaves no run (default: exit 2, naming the selection that emptied it)")
	bisectExit := fs.Bool("bisect-exit", false, "exit as git bisect run expects: 0 good, 1 bad (a run failed), 125 skip (an environment could not be made), 128 nothing judged (aborts the bisection)")
	// usageError is 2, or under --bisect-exit git's "abort": a 2 would
	// mark the commit bad. A typo in another flag must abort too, so the
	// arguments are looked at before the flags are parsed.
	usageError := func() int {
		if *bisectExit || slices.Contains(args, "--bisect-exit") || slices.Contains(args, "-bisect-exit") {
			return bisect.ExitAbort
		}
		return 2
	}
	paths, err := parseInterspersed(fs, splitJobsFlag(args))
	if err != nil {
		return usageError()
	}
	cfg, err := sf.config(paths)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit run: %v\n", err)
		return usageError()
	}
	cfg.Warn = warnings("run", stderr)
	if *changed != "" {
		// An empty argument list means the whole corpus, so "nothing
		// changed" must stop here rather than run everything.
		cfg.Args, err = authoring.ChangedCases(cfg.Corpus, *changed)
		if errors.Is(err, authoring.ErrNothingChanged) {
			if *allowEmpty {
				fmt.Fprintln(stdout, err)
				return 0
			}
			fmt.Fprintf(stderr, "cleanexit run: no run to do: %v (--allow-empty makes that exit 0)\n", err)
			return usageError()
		} else if err != nil {
			fmt.Fprintf(stderr, "cleanexit run: %v\n", err)
			return usageError()
		}
	}
	for _, out := range []struct{ flag, path string }{{"--json", *jsonOut}, {"--junit", *junitOut}} {
		if err := report.Writable(out.path); err != nil {
			fmt.Fprintf(stderr, "cleanexit run: %s: %v\n", out.flag, err)
			return usageError()
		}
	}
	if *repeat < 0 || *repeat > cases.MaxRepeat {
		fmt.Fprintf(stderr, "cleanexit run: --repeat: want 1 to %d, not %d\n", cases.MaxRepeat, *repeat)
		return usageError()
	}
	cfg.Verbose, cfg.Timeout, cfg.Repeat, cfg.Strict, cfg.KeepWork = *verbose, *timeout, *repeat, *strict, *keep
	cfg.Sandbox = *sandbox
	cfg.MaxFailures = cf.maxFailures
	if *backtrace != "" {
		if err := forensics.ParseMode(*backtrace); err != nil {
			fmt.Fprintf(stderr, "cleanexit run: --backtrace: %v\n", err)
			return usageError()
		}
	}
	cfg.Backtrace, cfg.BacktraceTimeout = *backtrace, *backtraceTimeout
	switch cf.progress {
	case "auto", "on", "off":
	default:
		fmt.Fprintf(stderr, "cleanexit run: --progress: want auto, on or off, not %q\n", cf.progress)
		return usageError()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	s, err := runner.Open(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return usageError()
	}
	defer s.Close()
	notes, err := cf.apply(s)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit run: %v\n", err)
		return usageError()
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, n)
	}
	if why := s.NothingToRun(cf.shard); why != "" && !*allowEmpty {
		fmt.Fprintf(stderr, "cleanexit run: %s\n", why)
		return usageError()
	}

	doc := newDocument(s, *hostName, start)
	doc.Command = redactedCommand(args)
	doc.Selection = report.Selection{
		Filter: sf.filter, FilterOut: sf.filterOut, Shard: cf.shard, Order: cf.order, Seed: cf.seed,
		XFailNot: nonNil(cf.xfailNot), Unsupported: nonNil(cf.unsupported),
	}
	lines := map[string]int{}
	for _, r := range s.Runs {
		lines[r.ID] = r.Variant.Line
	}

	term := &report.Terminal{W: stdout, Color: !color.NoColor && stdout == os.Stdout, Verbose: *verbose}
	progress := &report.Progress{W: stdout, Total: len(s.Runs), Print: term.Result,
		Live: cf.progress == "on" || (cf.progress == "auto" && isTerminal(stdout))}
	if progress.Live {
		progress.Width = terminalWidth(stdout)
		progress.Expected, progress.Jobs = expectedTimes(s), *jobs
		if progress.Jobs <= 0 {
			progress.Jobs = runtime.NumCPU()
		}
	}
	s.Started = func(r *plan.Run) { progress.Started(r.ID) }
	progress.Begin()
	results := s.RunAll(ctx, *jobs, func(r result.Result) {
		if r.Line == 0 {
			r.Line = lines[r.ID]
		}
		progress.Finished(r)
	})
	progress.End()
	for i := range results {
		if results[i].Line == 0 {
			results[i].Line = lines[results[i].ID]
		}
	}
	elapsed := time.Since(start)
	interrupted := ctx.Err() != nil
	doc.Finish(elapsed, interrupted)
	doc.Selection.NotStarted = len(s.Runs) - len(results)
	// Reports hold results in the run's order, not the order they
	// finished in, so that two reports diff well.
	for _, r := range results {
		doc.Add(r)
	}

	term.Summary(results, elapsed)
	if n := doc.Selection.NotStarted; n > 0 && !interrupted {
		fmt.Fprintf(stdout, "%d runs not started: --max-failures %d reached\n", n, cf.maxFailures)
	}
	if cf.timeTests {
		report.WriteTimings(stdout, results, 10)
	}
	recordTimes(s, results, interrupted, stderr)

	code := 0
	for _, r := range results {
		if r.Status.Failed() {
			code = 1
		}
	}
	if !writeReports(doc, results, *jsonOut, *junitOut, *github, stdout, stderr) {
		code = 2
	}
	if interrupted {
		fmt.Fprintln(stderr, "cleanexit: interrupted")
		return 130
	}
	if *bisectExit {
		// The verdict, never a crashing child's own 134 or 139: git
		// aborts a bisection on any status of 128 or more.
		return bisect.RunVerdict(results).ExitCode()
	}
	return code
}

// writeReports writes every report asked for, even after a failure to
// write one, and says on stderr which could not be written.
func writeReports(doc *report.Document, results []result.Result, jsonOut, junitOut string, github bool, stdout, stderr io.Writer) bool {
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
	write(jsonOut, doc.WriteJSON)
	write(junitOut, func(w io.Writer) error { return report.WriteJUnit(w, doc) })
	if github {
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

// newDocument starts the JSON report: the host, and every interpreter
// found, named as run IDs name it.
func newDocument(s *runner.Session, name string, start time.Time) *report.Document {
	if name == "" {
		name, _ = os.Hostname()
	}
	labels := plan.Labels(s.Interpreters)
	var interps []report.Interpreter
	for _, in := range s.Interpreters {
		interps = append(interps, report.InterpreterOf(labels[in], in))
	}
	return report.NewDocument(name, s.Host, interps, start)
}

// expectedTimes is what each run took last time, from the timing file
// --order smart reads, for the progress line's ETA; nil when there is none.
func expectedTimes(s *runner.Session) map[string]time.Duration {
	times, err := selection.ReadTimes(timesPath(s))
	if err != nil || len(times) == 0 {
		return nil
	}
	out := map[string]time.Duration{}
	for _, r := range s.Runs {
		if t, ok := times[r.ID]; ok {
			out[r.ID] = time.Duration(t.Seconds * float64(time.Second))
		}
	}
	return out
}

// columnsFromEnv is $COLUMNS, which shells set for a terminal; 0 if unset.
func columnsFromEnv() int {
	n, _ := strconv.Atoi(os.Getenv("COLUMNS"))
	return max(n, 0)
}

// recordTimes keeps each run's time for --order smart next time.
func recordTimes(s *runner.Session, results []result.Result, interrupted bool, stderr io.Writer) {
	t := selection.Times{}
	for _, r := range results {
		if r.Status == result.Unsupported || (interrupted && r.Status == result.Unresolved) {
			continue
		}
		t.Record(r.ID, r.Duration, r.Status.Failed())
	}
	if len(t) == 0 {
		return
	}
	if err := selection.UpdateTimes(s.CacheDir.TestTimes(), t); err != nil {
		fmt.Fprintf(stderr, "cleanexit: warning: keeping run times: %v\n", err)
	}
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

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
