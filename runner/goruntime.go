package runner

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// tuneRuntime sets the Go runtime up for a session and returns what puts
// it back, once the last session open has called it (see tuning). A
// setting the caller made through its environment variable is left alone.
// Both settings are the session's, for RunAll and for go test's Execute
// per subtest alike.
//
// GOGC 400: a run allocates little that lives (a result), but much that
// dies at once (testscript's state, captured output); with the default of
// 100 the collector took about 7% of cleanexit's own CPU time in a corpus
// of trivial cases (perf: gcBgMarkWorker). The heap is megabytes; four
// times that costs nothing.
//
// GOMAXPROCS 1: cleanexit's own work is starting processes and waiting
// for them, a few hundred microseconds of Go code per run; the runs'
// parallelism is their processes', set by -j, not the runtime's. More
// processors only add handoffs: every goroutine woken by a process's exit
// or output wakes another thread, and the runtime's monitor polls every
// 20 µs while any processor is busy. For 50 trivial runs at -j 2 on 2 CPUs
// the runtime's threads used 105-125 ms of CPU with 2 processors and
// 73 ms with 1 (rusage and per-thread schedstat), the monitor alone
// 26-29 ms and 14-16 ms.
func tuneRuntime() (restore func()) {
	tuning.mu.Lock()
	defer tuning.mu.Unlock()
	if tuning.sessions == 0 {
		tuning.undo = applyTuning()
	}
	tuning.sessions++
	var once sync.Once
	return func() {
		once.Do(func() {
			tuning.mu.Lock()
			defer tuning.mu.Unlock()
			if tuning.sessions--; tuning.sessions == 0 {
				tuning.undo()
			}
		})
	}
}

// tuning counts the sessions open in this process: the first one to open
// tunes the runtime and the last one to close puts it back, however their
// lives overlap (tests open several at once).
var tuning struct {
	mu       sync.Mutex
	sessions int
	undo     func()
}

// applyTuning makes the settings and returns what undoes them.
func applyTuning() (undo func()) {
	var undos []func()
	if os.Getenv("GOGC") == "" {
		was := debug.SetGCPercent(400)
		undos = append(undos, func() { debug.SetGCPercent(was) })
	}
	if os.Getenv("GOMAXPROCS") == "" {
		was := runtime.GOMAXPROCS(1)
		undos = append(undos, func() { runtime.GOMAXPROCS(was) })
	}
	return func() {
		for _, u := range undos {
			u()
		}
	}
}
