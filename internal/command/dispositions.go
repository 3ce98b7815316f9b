package command

import (
	"os"
	"os/signal"
	"sync"
)

// DefaultDispositions makes every signal the process started with ignored
// (nohup ignores SIGHUP; a shell's `&` ignores SIGINT and SIGQUIT; some CI
// runners ignore SIGPIPE) caught and dropped instead. The process still
// ignores them; what it starts begins with their defaults, since exec
// keeps an ignored signal ignored but gives a caught one its default, so
// that a case sees the process a shell would start, whatever cleanexit
// inherited. It returns the signals that were ignored.
//
// It changes the process's signal handling: it is for a command's main
// (Interruptible calls it) and a test binary's TestMain, never a library.
func DefaultDispositions() map[os.Signal]bool {
	startedIgnoring.once.Do(func() {
		startedIgnoring.sigs = map[os.Signal]bool{}
		var sigs []os.Signal
		for _, s := range inheritedIgnores {
			if signal.Ignored(s) {
				startedIgnoring.sigs[s] = true
				sigs = append(sigs, s)
			}
		}
		if len(sigs) == 0 {
			return
		}
		dropped := make(chan os.Signal, 8)
		signal.Notify(dropped, sigs...)
		go func() {
			for range dropped {
			}
		}()
	})
	return startedIgnoring.sigs
}

var startedIgnoring struct {
	once sync.Once
	sigs map[os.Signal]bool
}
