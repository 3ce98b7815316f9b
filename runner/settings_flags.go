package runner

import (
	"flag"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// AddSessionFlags registers the flags every command that loads a corpus
// shares, over st's fields: their defaults are what st holds, the
// variables SettingsFromEnv read. The flags live beside SettingsFromEnv so
// that a setting's flag and its variable have one owner.
func (st *Settings) AddSessionFlags(fs *flag.FlagSet) {
	fs.StringVar(&st.Corpus, "corpus", st.Corpus, "corpus root for case IDs (env CLEANEXIT_CORPUS)")
	fs.Var(cmdflag.Over(&st.FindLinks, true), "find-links", "a folder or URL of wheels, as pip's --find-links; repeatable (env CLEANEXIT_FIND_LINKS, a path list)")
	fs.StringVar(&st.IndexURL, "index-url", st.IndexURL, "package index URL (env CLEANEXIT_INDEX_URL)")
	fs.Var(cmdflag.Over(&st.ExtraIndex, false), "extra-index-url", "an extra package index URL; repeatable")
	fs.BoolVar(&st.NoIndex, "no-index", st.NoIndex, "use no package index: local sources only (env CLEANEXIT_NO_INDEX)")
	fs.StringVar(&st.Filter, "filter", st.Filter, "run only runs whose ID project/case/variant/python matches this regexp (env CLEANEXIT_FILTER)")
	fs.StringVar(&st.FilterOut, "filter-out", st.FilterOut, "skip runs whose ID matches this regexp (env CLEANEXIT_FILTER_OUT)")
	fs.StringVar(&st.Installer, "installer", st.Installer, "auto (uv when on PATH, else pip), pip or uv")
	fs.Var(cmdflag.Over(&st.Override, false), "override", "run the cases that pin package NAME against `NAME=PATH` (a wheel, a folder of wheels, an sdist, a source tree) or NAME==VERSION instead, and only those; repeatable")
	fs.BoolVar(&st.OverrideAll, "override-all", st.OverrideAll, "with --override, run the cases that pin none of its packages too, as they are")
	fs.StringVar(&st.Checks, "checks", st.Checks, "runtime checks to run every variant under as well, comma-separated: dev-mode (-X dev), malloc-debug (PYTHONMALLOC=debug) (env CLEANEXIT_CHECKS)")
}

// AddRunFlags registers the session's flags and the run control of
// `cleanexit run` (selection, overrides, limits) over st's fields.
func (st *Settings) AddRunFlags(fs *flag.FlagSet) {
	st.AddSessionFlags(fs)
	fs.StringVar(&st.Shard, "shard", st.Shard, "run only shard `I/N` (I of N), split by a hash of each run ID: the same on every machine (env CLEANEXIT_SHARD)")
	fs.StringVar(&st.Order, "order", st.Order, "lexical, random (see --seed) or smart: last failures first, then the slowest (default: case, variant, interpreter) (env CLEANEXIT_ORDER)")
	fs.Uint64Var(&st.Seed, "seed", st.Seed, "seed for --order random (default: one is chosen and printed)")
	fs.IntVar(&st.MaxFailures, "max-failures", 0, "start no more runs after `N` have failed")
	fs.IntVar(&st.Retries, "retries", 0, "retry a failed run up to `N` times, overriding every case; a later pass is FLAKYPASS")
	fs.Var(cmdflag.Over(&st.XFailNot, false), "xfail-not", "`ID` or ID prefix (project, project/case, …) of runs whose xfail no longer applies; repeatable (env CLEANEXIT_XFAIL_NOT, ';'-separated)")
	fs.Var(cmdflag.Over(&st.Unsupported, false), "unsupported", "`ID` or ID prefix of runs to report UNSUPPORTED instead of running; repeatable (env CLEANEXIT_UNSUPPORTED, ';'-separated)")
	fs.StringVar(&st.Changed, "changed", "", "run only the cases whose files differ from git revision `BASE` (e.g. origin/main)")
	fs.BoolVar(&st.AllowEmpty, "allow-empty", st.AllowEmpty, "exit 0 when the selection leaves no run (default: exit 2, naming the selection that emptied it) (env CLEANEXIT_ALLOW_EMPTY)")
	fs.Var(cmdflag.Duration(&st.Timeout), "timeout", "`DURATION` per python run, overriding every case's timeout (env CLEANEXIT_TIMEOUT)")
	fs.Var(cmdflag.Count(&st.Repeat, cases.MaxRepeat), "repeat", "run each variant `N` times; one failure fails it")
	fs.BoolVar(&st.Strict, "strict", false, "also fail clean exits whose stderr shows warnings (Exception ignored…)")
	fs.StringVar(&st.Backtrace, "backtrace", st.Backtrace, "repeat a python run under gdb/lldb for its native stacks: off, crash (after a crash; the default) or always, overriding every case's backtrace: (env CLEANEXIT_BACKTRACE)")
	fs.Var(cmdflag.Duration(&st.BacktraceTimeout), "backtrace-timeout", "`DURATION` limit of one rerun under the debugger")
	fs.BoolVar(&st.KeepWork, "keep-work", false, "keep each run's $WORK and print where it is")
	fs.BoolVar(&st.Sandbox, "sandbox", false, "confine each script and what it starts: no writes but to $WORK, no network unless required (Linux 6.2+, Landlock)")
	fs.BoolVar(&st.Verbose, "v", false, "show the output of passing runs too")
}
