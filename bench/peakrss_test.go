package main

import (
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestPeakRSS runs a real process that holds 64 MiB and reads its peak
// back: a unit read wrongly is off by 1024 (KiB taken for bytes gives
// 64 KiB, bytes taken for KiB 64 GiB), so a window of [64 MiB, 1 GiB)
// tells them apart.
func TestPeakRSS(t *testing.T) {
	if os.Getenv("CLEANEXIT_BENCH_HOLD_64MIB") == "1" {
		held := bytes.Repeat([]byte{1}, 64<<20)
		runtime.KeepAlive(held)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPeakRSS$")
	cmd.Env = append(os.Environ(), "CLEANEXIT_BENCH_HOLD_64MIB=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	peak, ok := peakRSS(cmd.ProcessState)
	if maxrssUnit() == 0 {
		if ok {
			t.Errorf("peakRSS measured %d bytes on %s, which reports none", peak, runtime.GOOS)
		}
		return
	}
	if !ok || peak < 64<<20 || peak >= 1<<30 {
		t.Errorf("peakRSS = %d bytes (%d MiB), measured %v; want a figure in [64 MiB, 1 GiB)", peak, peak>>20, ok)
	}
}

// TestPeakRowUnmeasured: where no peak was read, the row says so and has
// no verdict: a 0 would pass its limit, and judge nothing.
func TestPeakRowUnmeasured(t *testing.T) {
	r := peakRow(2000, 0, false)
	if v := r.verdict(); v != "" {
		t.Errorf("an unmeasured peak has verdict %q, want none", v)
	}
	var b strings.Builder
	printRows(&b, []row{r})
	if !strings.Contains(b.String(), "not measured") {
		t.Errorf("the row does not say it was not measured:\n%s", b.String())
	}
	if v := peakRow(2000, 300<<20, true).verdict(); v != "**missed**" {
		t.Errorf("a measured 300 MiB peak has verdict %q, want missed", v)
	}
}
