package script

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// BenchmarkFinalSweep is what a run's reaper costs once its script has
// ended and left nothing, as in a session: the subreaper and the watchdog
// on, and another run's interpreter running beside it.
//
//	go test ./internal/script -run NONE -bench FinalSweep -benchmem
func BenchmarkFinalSweep(b *testing.B) {
	defer AdoptOrphans()()
	defer WatchRuns()()
	other := exec.Command("sleep", "60")
	if err := other.Start(); err != nil {
		b.Skip(err)
	}
	done := runningInterpreter(other.Process.Pid, "other.1")
	defer func() { done(); other.Process.Kill(); other.Wait() }()
	for b.Loop() {
		if left, _ := watchRun(context.Background(), "bench.1", time.Minute, time.Minute).stop(true); len(left) > 0 {
			b.Fatalf("left: %v", left)
		}
	}
}
