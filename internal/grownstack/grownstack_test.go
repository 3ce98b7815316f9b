package grownstack

import (
	"runtime"
	"testing"
	"time"
)

// TestPoolReuse: a function that returns leaves its goroutine to the
// next; one that ends its goroutine (Goexit, as FailNow does) does not
// stop the pool; an idle goroutine ends after keepIdle.
func TestPoolReuse(t *testing.T) {
	g := pool{idle: make(chan func()), keepIdle: 200 * time.Millisecond}
	run := func(f func()) {
		done := make(chan struct{})
		g.Go(func() {
			defer close(done)
			f()
		})
		<-done
	}
	var first, second *int
	run(func() { x := 1; first = &x })
	waitIdle(t, &g)
	if n := g.live.Load(); n != 1 {
		t.Fatalf("%d goroutines, want 1 kept", n)
	}
	// The kept goroutine takes the next function from idle. Through Go,
	// a function given while it is still on its way back there (run
	// returns when the function does, before the goroutine waits again)
	// would start a second one: that is Go's fallback, not a lost reuse,
	// and it made this test fail under load.
	took := make(chan struct{})
	select {
	case g.idle <- func() { x := 2; second = &x; close(took) }:
	case <-time.After(5 * time.Second):
		t.Fatal("the kept goroutine never took the next function")
	}
	<-took
	waitIdle(t, &g)
	if n := g.live.Load(); n != 1 {
		t.Errorf("%d goroutines after a second function, want 1: the kept one took it", n)
	}
	if *first != 1 || *second != 2 {
		t.Fatal("functions did not run")
	}
	run(func() { runtime.Goexit() })
	deadline := time.Now().Add(5 * time.Second)
	for g.live.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after Goexit, want that one gone", g.live.Load())
		}
		time.Sleep(time.Millisecond)
	}
	ran := false
	run(func() { ran = true })
	if !ran {
		t.Fatal("nothing ran after a goroutine ended")
	}
	for g.live.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines long after keepIdle, want none", g.live.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitIdle waits until a goroutine of g waits for work.
func waitIdle(t *testing.T, g *pool) {
	t.Helper()
	probe := make(chan struct{})
	deadline := time.Now().Add(5 * time.Second)
	for {
		select {
		case g.idle <- func() { close(probe) }:
			<-probe
			return
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("no goroutine became idle")
		}
		time.Sleep(time.Millisecond)
	}
}
