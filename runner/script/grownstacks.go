package script

import (
	"sync/atomic"
	"time"
)

// grownStacks runs scripts on goroutines that outlive them. A script's
// goroutine goes deep, through testscript, a command, os/exec and fork,
// and a new goroutine's stack grows on the way by copying itself over
// and over: perf put runtime.newstack at a twentieth of cleanexit's own
// CPU time in a corpus of trivial runs. A goroutine whose function
// returned takes the next one with its stack as grown; one whose function
// ended it (FailNow's runtime.Goexit) is gone, as it should be, and the
// next function gets a new goroutine.
var grownStacks = goroutines{idle: make(chan func()), keepIdle: time.Second}

// goroutines is a pool of goroutines. The zero value is not usable.
type goroutines struct {
	idle     chan func() // unbuffered: a send is taken only by an idle goroutine
	keepIdle time.Duration
	live     atomic.Int32 // goroutines of the pool, for tests
}

// Go runs f on an idle goroutine of the pool, or on a new one.
func (g *goroutines) Go(f func()) {
	select {
	case g.idle <- f:
	default:
		go g.serve(f)
	}
}

// serve runs f, then whatever comes while it is idle, until keepIdle has
// passed with nothing to do.
func (g *goroutines) serve(f func()) {
	g.live.Add(1)
	defer g.live.Add(-1)
	timer := time.NewTimer(g.keepIdle)
	defer timer.Stop()
	for {
		f()
		timer.Reset(g.keepIdle)
		select {
		case f = <-g.idle:
		case <-timer.C:
			return
		}
	}
}
