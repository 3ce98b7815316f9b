package main

import (
	"fmt"
	"os"
	"time"

	"github.com/cleanexit/cleanexit/internal/confine"
)

// sandboxRows measures `cleanexit run --sandbox` on workload 1: against
// the bare loop (target 1.25x), and its cost per run against the same
// command without the sandbox (target ≤ 15 ms). Where the kernel cannot
// confine a process it says so and measures nothing.
func (b *bench) sandboxRows(cache string, loop, bare trial) ([]row, error) {
	n := b.sz.warmCases
	if err := confine.Probe(); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v: the --sandbox rows are not measured\n", err)
		return nil, nil
	}
	sandboxed := checked(b.cleanexit(cache, "run", "-j", "2", "--sandbox", "--no-index", "--find-links", b.ws.Wheels, "--corpus", b.ws.Warm, b.ws.Warm), n)
	if _, _, err := sandboxed(); err != nil {
		return nil, err
	}
	vsLoop, err := alternate(b.pairsFor(warmPairs), sandboxed, loop)
	if err != nil {
		return nil, err
	}
	vsBare, err := alternate(b.pairsFor(warmPairs), sandboxed, bare)
	if err != nil {
		return nil, err
	}
	perRun := make([]time.Duration, len(vsBare.a))
	for i := range vsBare.a {
		perRun[i] = (vsBare.a[i] - vsBare.b[i]) * 2 / time.Duration(n) // -j 2: two runs at a time
	}
	return []row{
		{name: fmt.Sprintf("1 warm, --sandbox: %d runs", n), a: vsLoop.a,
			baseline: "`xargs -P2` loop, real binary", b: vsLoop.b, ratios: vsLoop.ratios(), cpuRatio: vsLoop.cpuRatio(),
			target: 1.25, cmd: "cleanexit run -j 2 --sandbox"},
		{name: "1 warm, --sandbox's cost per run", a: perRun, limit: 15 * time.Millisecond,
			note: "wall time over `cleanexit run -j 2`, pair by pair, per run of one worker",
			cmd:  "cleanexit run -j 2 --sandbox vs without"},
	}, nil
}
