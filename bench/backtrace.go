package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"time"
)

// Workload 8: what the rerun under the debugger costs. The same corpus is
// run with --backtrace=crash (the default) and --backtrace=off, pair by
// pair: on cases that crash, the difference divided by the number of
// crashing runs is the price of one rerun; on cases that exit cleanly the
// ratio must be 1, since a run that did not crash is never rerun.
func (b *bench) backtrace() ([]row, error) {
	n := b.sz.crashes
	if _, err := exec.LookPath("gdb"); err != nil {
		return []row{{name: "8 backtrace rerun", note: "skipped: gdb is not on PATH"}}, nil
	}
	cache := filepath.Join(b.ws.Dir, "cache-backtrace")
	run := func(corpus, mode string) trial {
		return checked(b.cleanexit(cache, "run", "-j", "2", "--backtrace", mode, "--corpus", corpus, corpus), n)
	}
	if _, _, err := run(b.ws.Crashing, "off")(); err != nil { // warm the cache
		return nil, err
	}
	// The crashing runs take seconds a pair and give a price, not a
	// verdict. The clean ones take a tenth of a second and carry the
	// target: they get a warm comparison's pairs, enough for the median
	// to have an interval (5 pairs have none, and measured 0.97 and 1.15
	// in two runs of one morning, their CPU ratio 1.02 both times).
	crash, err := alternate(b.pairsFor(5), run(b.ws.Crashing, "crash"), run(b.ws.Crashing, "off"))
	if err != nil {
		return nil, err
	}
	clean, err := alternate(b.pairsFor(warmPairs), run(b.ws.Clean, "crash"), run(b.ws.Clean, "off"))
	if err != nil {
		return nil, err
	}
	var extraWall, extraCPU []time.Duration
	for i := range crash.a {
		extraWall = append(extraWall, (crash.a[i]-crash.b[i])/time.Duration(n))
		extraCPU = append(extraCPU, (crash.aCPU[i]-crash.bCPU[i])/time.Duration(n))
	}
	return []row{
		{
			name: fmt.Sprintf("8 backtrace, %d crashing runs", n), a: crash.a,
			baseline: "the same, --backtrace=off", b: crash.b, ratios: crash.ratios(), cpuRatio: crash.cpuRatio(),
			cmd:  "cleanexit run -j 2 (--backtrace=crash)",
			note: fmt.Sprintf("one gdb rerun per crash costs %s wall, %s CPU (medians)", secs(median(extraWall)), secs(median(extraCPU))),
		},
		{
			name: fmt.Sprintf("8 backtrace, %d clean runs", n), a: clean.a,
			baseline: "the same, --backtrace=off", b: clean.b, ratios: clean.ratios(), cpuRatio: clean.cpuRatio(),
			target: 1.10, cmd: "cleanexit run -j 2 (--backtrace=crash)",
			note: "a run that did not crash is never rerun",
		},
	}, nil
}
