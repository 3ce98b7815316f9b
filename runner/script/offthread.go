package script

import (
	"maps"
	"runtime"

	"github.com/rogpeppe/go-internal/testscript"
)

// In a sandboxed run the script's goroutine is confined to its thread
// (scriptT.confine), and what runs there, python, exec and pip included,
// is confined with it. build-ext and conditions run off that thread, on a
// goroutine of their own: build-ext writes into the extension cache, which
// a case may not, and a feature probe must not be answered by a confined
// thread for the whole session.

// offThreadCmds is cmds with the commands named moved off the script's
// thread.
func offThreadCmds(cmds map[string]func(*testscript.TestScript, bool, []string), names ...string) map[string]func(*testscript.TestScript, bool, []string) {
	out := maps.Clone(cmds)
	for _, name := range names {
		if cmd, ok := out[name]; ok {
			out[name] = offThread(cmd)
		}
	}
	return out
}

// offThread runs cmd on a goroutine of its own while the script's waits.
// A FailNow or SkipNow there (runtime.Goexit) ends the script too, and a
// panic is the script's, as they would be had cmd run on its goroutine.
func offThread(cmd func(*testscript.TestScript, bool, []string)) func(*testscript.TestScript, bool, []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		var returned bool
		var panicked any
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer func() { panicked = recover() }()
			cmd(ts, neg, args)
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
}

// offThreadCondition answers cond off the script's thread.
func offThreadCondition(cond func(string) (bool, error)) func(string) (bool, error) {
	return func(c string) (bool, error) {
		var ok bool
		var err error
		done := make(chan struct{})
		go func() {
			defer close(done)
			ok, err = cond(c)
		}()
		<-done
		return ok, err
	}
}
