package runner

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestTuneRuntime(t *testing.T) {
	procs, gc := runtime.GOMAXPROCS(0), gcPercent()
	defer func() { runtime.GOMAXPROCS(procs); debug.SetGCPercent(gc) }()

	t.Setenv("GOGC", "")
	t.Setenv("GOMAXPROCS", "")
	runtime.GOMAXPROCS(3)
	debug.SetGCPercent(50)
	restore := tuneRuntime()
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Errorf("in a session GOMAXPROCS = %d, want 1", got)
	}
	if got := gcPercent(); got != 400 {
		t.Errorf("in a session GOGC = %d, want 400", got)
	}
	restore()
	if got := runtime.GOMAXPROCS(0); got != 3 {
		t.Errorf("after the session GOMAXPROCS = %d, want the 3 it was", got)
	}
	if got := gcPercent(); got != 50 {
		t.Errorf("after the session GOGC = %d, want the 50 it was", got)
	}

	// What the caller set in the environment is theirs.
	t.Setenv("GOGC", "50")
	t.Setenv("GOMAXPROCS", "3")
	restore = tuneRuntime()
	if got := runtime.GOMAXPROCS(0); got != 3 {
		t.Errorf("with GOMAXPROCS=3 set, a session made it %d", got)
	}
	if got := gcPercent(); got != 50 {
		t.Errorf("with GOGC=50 set, a session made it %d", got)
	}
	restore()
}

// Sessions whose lives overlap share one tuning: the runtime is put back
// when the last one closes, whatever the order.
func TestTuneRuntimeOverlappingSessions(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	t.Setenv("GOGC", "")
	t.Setenv("GOMAXPROCS", "")
	runtime.GOMAXPROCS(3)
	first := tuneRuntime()
	second := tuneRuntime()
	first()
	first() // twice is once
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Errorf("with a session still open, GOMAXPROCS = %d, want 1", got)
	}
	second()
	if got := runtime.GOMAXPROCS(0); got != 3 {
		t.Errorf("after both sessions, GOMAXPROCS = %d, want the 3 it was", got)
	}
}
