package reduce

import (
	"flag"
	"fmt"
	"time"
)

// AddFlags registers the target's options as `cleanexit reduce` spells
// them, the names Check's messages use. backtrace is the default of
// --backtrace: CLEANEXIT_BACKTRACE, as the caller read it.
func (o *TargetOptions) AddFlags(fs *flag.FlagSet, backtrace string) {
	fs.StringVar(&o.Variant, "variant", "", "the variant whose crash is kept (default: the known-bad one, regressed first)")
	fs.StringVar(&o.Python, "python", "", "the interpreter to run on: 3.12, 3.12.1 (needed when several match)")
	fs.DurationVar(&o.Timeout, "timeout", 0, "bound each python run of a candidate (default: 10× the original run, at least 10s, at most the case's timeout)")
	fs.IntVar(&o.Repeat, "repeat", 1, "runs per candidate, for crashes that do not always happen")
	fs.IntVar(&o.MinCrashes, "min-crashes", 1, "of --repeat runs, how many must crash the same way")
	fs.StringVar(&o.Backtrace, "backtrace", backtrace, "rerun crashed candidates under gdb/lldb to compare phase and culprit: crash (the default) or off (faster; not compared) (env CLEANEXIT_BACKTRACE)")
}

// Check says what is wrong with the options, naming the flags, before a
// session is opened for them.
func (o TargetOptions) Check() error {
	if o.Repeat < 1 || o.MinCrashes < 1 || o.MinCrashes > o.Repeat {
		return fmt.Errorf("want 1 <= --min-crashes (%d) <= --repeat (%d)", o.MinCrashes, o.Repeat)
	}
	return nil
}

// AddFlags registers the reduction's options as `cleanexit reduce`
// spells them.
func (o *Options) AddFlags(fs *flag.FlagSet) {
	fs.Func("file", "an archive file to shrink; repeatable (default: the .py files the script runs and the build-ext sources)", func(name string) error {
		o.Files = append(o.Files, name)
		return nil
	})
	fs.IntVar(&o.Jobs, "j", 2, "candidates judged at once")
	fs.IntVar(&o.MaxTests, "max-tests", 0, "judge at most this many candidates (0: no bound)")
	fs.DurationVar(&o.TimeLimit, "time-limit", 20*time.Minute, "stop after this long with the smallest interesting candidate found so far, as Ctrl-C does (0: no limit)")
}

// Check says what is wrong with the options, naming the flags.
func (o Options) Check() error {
	if o.Jobs < 1 {
		return fmt.Errorf("-j: want 1 or more")
	}
	return nil
}
