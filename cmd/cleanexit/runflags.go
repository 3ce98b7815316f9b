package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/selection"
)

// controlFlags choose and order the runs of `cleanexit run`, and override
// expectations from CI: lit's run control.
type controlFlags struct {
	shard       string
	order       string
	seed        uint64
	maxFailures int
	retries     int
	xfailNot    listFlag
	unsupported listFlag
	timeTests   bool
	progress    string
}

func (f *controlFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.shard, "shard", os.Getenv("CLEANEXIT_SHARD"), "run only shard `I/N` (I of N), split by a hash of each run ID: the same on every machine (env CLEANEXIT_SHARD)")
	fs.StringVar(&f.order, "order", os.Getenv("CLEANEXIT_ORDER"), "lexical, random (see --seed) or smart: last failures first, then the slowest (default: case, variant, interpreter) (env CLEANEXIT_ORDER)")
	fs.Uint64Var(&f.seed, "seed", envUint("CLEANEXIT_SEED"), "seed for --order random (default: one is chosen and printed)")
	fs.IntVar(&f.maxFailures, "max-failures", 0, "start no more runs after `N` have failed")
	fs.IntVar(&f.retries, "retries", 0, "retry a failed run up to `N` times, overriding every case; a later pass is FLAKYPASS")
	fs.Var(&f.xfailNot, "xfail-not", "`ID` or ID prefix (project, project/case, …) of runs whose xfail no longer applies; repeatable (env CLEANEXIT_XFAIL_NOT, ';'-separated)")
	fs.Var(&f.unsupported, "unsupported", "`ID` or ID prefix of runs to report UNSUPPORTED instead of running; repeatable (env CLEANEXIT_UNSUPPORTED, ';'-separated)")
	fs.BoolVar(&f.timeTests, "time-tests", false, "print the slowest runs and the environment build times at the end")
	fs.StringVar(&f.progress, "progress", envOr("CLEANEXIT_PROGRESS", "auto"), "a live status line: auto (on a terminal), on or off")
}

// apply selects, overrides and orders the session's runs, in that order,
// so that an override names runs of every shard and a shard is the same
// whatever the order. It returns what to tell the user on stderr.
func (f *controlFlags) apply(s *runner.Session) (notes []string, err error) {
	shard := selection.ShardSpec{}
	if f.shard != "" {
		if shard, err = selection.ParseShard(f.shard); err != nil {
			return nil, err
		}
	}
	o := selection.Overrides{
		XFailNot:    append(selection.SplitList(os.Getenv("CLEANEXIT_XFAIL_NOT")), f.xfailNot...),
		Unsupported: append(selection.SplitList(os.Getenv("CLEANEXIT_UNSUPPORTED")), f.unsupported...),
		Retries:     f.retries,
	}
	if f.retries < 0 || f.maxFailures < 0 {
		return nil, fmt.Errorf("--retries and --max-failures take a count ≥ 0")
	}
	if f.retries > cases.MaxRetries {
		return nil, fmt.Errorf("--retries: at most %d, not %d", cases.MaxRetries, f.retries)
	}
	for _, p := range o.Apply(s.Runs) {
		notes = append(notes, fmt.Sprintf("cleanexit: warning: %q names no run", p))
	}
	s.Runs = selection.Shard(s.Runs, shard)
	var times selection.Times
	if f.order == "smart" {
		if times, err = selection.ReadTimes(timesPath(s)); err != nil {
			notes = append(notes, "cleanexit: warning: timing file: "+err.Error())
		}
	}
	if f.order == "random" && f.seed == 0 {
		f.seed = uint64(time.Now().UnixNano())
		notes = append(notes, fmt.Sprintf("cleanexit: --order random --seed %d", f.seed))
	}
	if err := selection.Order(s.Runs, f.order, f.seed, times); err != nil {
		return nil, err
	}
	return notes, nil
}

func timesPath(s *runner.Session) string {
	return s.CacheDir.TestTimes()
}

func envUint(key string) uint64 {
	n, _ := strconv.ParseUint(os.Getenv(key), 10, 64)
	return n
}
