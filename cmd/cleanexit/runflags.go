package main

import (
	"cmp"
	"flag"
	"os"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/runner/bisect"
	"github.com/cleanexit/cleanexit/runner/report"
)

// runFlags are `cleanexit run`'s flags: the session's and the run control
// (selection, overrides, limits), bound to runner.Settings, and how the
// results are shown and written, which are the CLI's own.
type runFlags struct {
	sessionFlags
	jobs       int
	progress   string
	live       bool // progress, as it applies to this stdout
	timeTests  bool
	files      report.Files
	github     bool
	host       string
	allowEmpty bool
	bisectExit bool
}

func (f *runFlags) register(fs *flag.FlagSet) {
	f.sessionFlags.register(fs)
	st := &f.Settings
	fs.StringVar(&st.Shard, "shard", st.Shard, "run only shard `I/N` (I of N), split by a hash of each run ID: the same on every machine (env CLEANEXIT_SHARD)")
	fs.StringVar(&st.Order, "order", st.Order, "lexical, random (see --seed) or smart: last failures first, then the slowest (default: case, variant, interpreter) (env CLEANEXIT_ORDER)")
	fs.Uint64Var(&st.Seed, "seed", st.Seed, "seed for --order random (default: one is chosen and printed)")
	fs.IntVar(&st.MaxFailures, "max-failures", 0, "start no more runs after `N` have failed")
	fs.IntVar(&st.Retries, "retries", 0, "retry a failed run up to `N` times, overriding every case; a later pass is FLAKYPASS")
	fs.Var(cmdflag.Over(&st.XFailNot, false), "xfail-not", "`ID` or ID prefix (project, project/case, …) of runs whose xfail no longer applies; repeatable (env CLEANEXIT_XFAIL_NOT, ';'-separated)")
	fs.Var(cmdflag.Over(&st.Unsupported, false), "unsupported", "`ID` or ID prefix of runs to report UNSUPPORTED instead of running; repeatable (env CLEANEXIT_UNSUPPORTED, ';'-separated)")
	fs.StringVar(&st.Changed, "changed", "", "run only the cases whose files differ from git revision `BASE` (e.g. origin/main)")
	fs.DurationVar(&st.Timeout, "timeout", st.Timeout, "per python run, overriding every case's timeout")
	fs.IntVar(&st.Repeat, "repeat", 0, "run each variant N times; one failure fails it")
	fs.BoolVar(&st.Strict, "strict", false, "also fail clean exits whose stderr shows warnings (Exception ignored…)")
	fs.StringVar(&st.Backtrace, "backtrace", st.Backtrace, "repeat a python run under gdb/lldb for its native stacks: off, crash (after a crash; the default) or always, overriding every case's backtrace: (env CLEANEXIT_BACKTRACE)")
	fs.DurationVar(&st.BacktraceTimeout, "backtrace-timeout", st.BacktraceTimeout, "limit of one rerun under the debugger")
	fs.BoolVar(&st.KeepWork, "keep-work", false, "keep each run's $WORK and print where it is")
	fs.BoolVar(&st.Sandbox, "sandbox", false, "run each python and exec under bubblewrap: read-only but $WORK, no network unless required (Linux)")
	fs.BoolVar(&st.Verbose, "v", false, "show the output of passing runs too")

	fs.IntVar(&f.jobs, "j", 0, "runs at a time (default: one per CPU)")
	fs.BoolVar(&f.timeTests, "time-tests", false, "print the slowest runs and the environment build times at the end")
	fs.StringVar(&f.progress, "progress", cmp.Or(os.Getenv("CLEANEXIT_PROGRESS"), "auto"), "a live status line: auto (on a terminal), on or off")
	fs.StringVar(&f.files.JSON, "json", "", "write the JSON report (docs/report-json.md) to `FILE`")
	fs.StringVar(&f.files.JUnit, "junit", "", "write JUnit XML to `FILE`")
	fs.BoolVar(&f.github, "github", os.Getenv("GITHUB_ACTIONS") == "true", "GitHub Actions annotations, and a summary appended to $GITHUB_STEP_SUMMARY (default when GITHUB_ACTIONS=true)")
	fs.StringVar(&f.host, "host", os.Getenv("CLEANEXIT_HOST"), "this machine's `name` in reports (default: its hostname) (env CLEANEXIT_HOST)")
	fs.BoolVar(&f.allowEmpty, "allow-empty", false, "exit 0 when the selection leaves no run (default: exit 2, naming the selection that emptied it)")
	fs.BoolVar(&f.bisectExit, "bisect-exit", false, "exit as git bisect run expects: 0 good, 1 bad (a run failed), 125 skip (an environment could not be made), 128 nothing judged (aborts the bisection)")
}

// usageStatus is the exit status of a usage error: 2, or under
// --bisect-exit git's "abort", as a 2 would mark the commit bad. A typo
// in another flag stops the parsing, maybe before --bisect-exit, so the
// arguments are looked at too, not only the parsed flag.
func (f *runFlags) usageStatus(args []string) int {
	for _, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if on, err := strconv.ParseBool(value); strings.HasPrefix(a, "-") && name == "bisect-exit" && (!hasValue || err == nil && on) {
			f.bisectExit = true
		}
	}
	if f.bisectExit {
		return bisect.ExitAbort
	}
	return exitUsage
}
