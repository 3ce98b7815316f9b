package main

import (
	"cmp"
	"flag"
	"os"

	"github.com/cleanexit/cleanexit/internal/bisect"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
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
	bisectExit bool
}

func (f *runFlags) register(fs *flag.FlagSet) {
	f.Settings = runner.SettingsFromEnv(os.Getenv)
	f.Settings.AddRunFlags(fs)

	fs.Var(cmdflag.Count(&f.jobs, 0), "j", "`N` runs at a time (default: one per CPU)")
	fs.BoolVar(&f.timeTests, "time-tests", false, "print the slowest runs and the environment build times at the end")
	fs.StringVar(&f.progress, "progress", cmp.Or(os.Getenv("CLEANEXIT_PROGRESS"), "auto"), "a live status line: auto (on a terminal), on or off")
	fs.StringVar(&f.files.JSON, "json", "", "write the JSON report (docs/report-json.md) to `FILE`")
	fs.StringVar(&f.files.JUnit, "junit", "", "write JUnit XML to `FILE`")
	fs.BoolVar(&f.github, "github", report.InActions(os.Getenv), "GitHub Actions annotations, and a summary appended to $GITHUB_STEP_SUMMARY (default when GITHUB_ACTIONS=true)")
	fs.StringVar(&f.host, "host", os.Getenv("CLEANEXIT_HOST"), "this machine's `name` in reports (default: its hostname) (env CLEANEXIT_HOST)")
	fs.BoolVar(&f.bisectExit, "bisect-exit", false, "exit as git bisect run expects: 0 good, 1 bad (a run failed), 125 skip (an environment could not be made), 128 nothing judged (aborts the bisection)")
}

// usageStatus is the exit status of a usage error: 2, or under
// --bisect-exit git's "abort", as a 2 would mark the commit bad.
func (f *runFlags) usageStatus(args []string) int {
	if f.bisectExit || cmdflag.BoolSet(args, "bisect-exit") {
		return bisect.ExitAbort
	}
	return command.UsageError
}
