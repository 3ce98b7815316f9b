// Package grownstack runs functions on goroutines that outlive them.
//
// A run goes deep on its goroutine, through testscript, a command,
// os/exec and fork, and a new goroutine's stack grows on the way by
// copying itself over and over: perf put runtime.newstack at a twentieth
// of cleanexit's own CPU time in a corpus of trivial runs, and at a
// fourteenth of the corpus test binary's, which starts a goroutine for
// every run. A goroutine whose function returned takes the next one with
// its stack as grown; one whose function ended it (t.FailNow's
// runtime.Goexit) is gone, as it should be, and the next function gets a
// new goroutine. An idle goroutine ends after a second.
package grownstack

import (
	"sync/atomic"
	"time"
)

var shared = pool{idle: make(chan func()), keepIdle: time.Second}

// Go runs f on a goroutine of the shared pool.
func Go(f func()) { shared.Go(f) }

// Run runs f on a goroutine of the shared pool and waits for it to
// return, or to end its goroutine.
func Run(f func()) {
	done := make(chan struct{})
	shared.Go(func() {
		defer close(done)
		f()
	})
	<-done
}

// pool is a pool of goroutines. The zero value is not usable.
type pool struct {
	idle     chan func() // unbuffered: a send is taken only by an idle goroutine
	keepIdle time.Duration
	live     atomic.Int32 // goroutines of the pool, for tests
}

// Go runs f on an idle goroutine of the pool, or on a new one.
func (p *pool) Go(f func()) {
	select {
	case p.idle <- f:
	default:
		go p.serve(f)
	}
}

// serve runs f, then whatever comes while it is idle, until keepIdle has
// passed with nothing to do.
func (p *pool) serve(f func()) {
	p.live.Add(1)
	defer p.live.Add(-1)
	timer := time.NewTimer(p.keepIdle)
	defer timer.Stop()
	for {
		f()
		timer.Reset(p.keepIdle)
		select {
		case f = <-p.idle:
		case <-timer.C:
			return
		}
	}
}
