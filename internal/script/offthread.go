package script

import "runtime"

// In a sandboxed run the script's goroutine is confined to its thread
// (scriptT.confine), and what runs there, python, exec and pip included,
// is confined with it. build-ext and conditions run off that thread, on a
// goroutine of their own: build-ext writes into the extension cache, which
// a case may not, and a feature probe must not be answered by a confined
// thread for the whole session.

// offThread runs f on a goroutine of its own and waits for it. A Goexit
// in f (a command's FailNow or SkipNow) ends the caller too, and f's panic
// is the caller's, as they would be had f run on the caller's goroutine.
func offThread(f func()) {
	var returned bool
	var panicked any
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { panicked = recover() }()
		f()
		returned = true
	}()
	<-done
	if panicked != nil {
		panic(panicked)
	}
	if !returned {
		runtime.Goexit()
	}
}
