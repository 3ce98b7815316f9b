package command

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// early holds the end signals (SIGINT, SIGTERM, SIGHUP) that arrive
// before Interruptible is there to stop the command gracefully: while
// HideEnvironment re-executes the process, a SIGTERM 10 ms after the start
// would otherwise end it at once, without its report. Until Interruptible
// takes them, one that arrives ends the process by its default action,
// as it did before; after, it is Interruptible's.
var early struct {
	mu      sync.Mutex
	ch      chan os.Signal
	pending []os.Signal
	to      chan<- os.Signal // Interruptible's, once it took over
}

// earlySignals are the end signals the process does not ignore, but
// SIGPIPE, which is a write's error until Interruptible says otherwise.
func earlySignals() []os.Signal {
	var sigs []os.Signal
	for _, s := range endSignals() {
		if s != brokenPipe && !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	return sigs
}

// catchEarly starts holding the end signals, with those already caught
// (by the image before an exec) as pending.
func catchEarly(pending []os.Signal) {
	early.mu.Lock()
	defer early.mu.Unlock()
	early.pending = append(early.pending, pending...)
	if early.ch != nil {
		return
	}
	ch := make(chan os.Signal, 4)
	early.ch = ch
	signal.Notify(ch, earlySignals()...)
	go func() {
		for sig := range ch {
			early.mu.Lock()
			to := early.to
			early.mu.Unlock()
			if to != nil {
				to <- sig
				continue
			}
			// No one to stop gracefully: the default action, as if
			// nothing had been caught.
			signal.Reset(sig)
			if s, ok := sig.(syscall.Signal); ok {
				syscall.Kill(os.Getpid(), s)
			}
		}
	}()
}

// stopEarly stops holding the end signals and returns those caught and
// not yet acted on, for an exec to pass on.
func stopEarly() []os.Signal {
	early.mu.Lock()
	defer early.mu.Unlock()
	if early.ch != nil {
		signal.Stop(early.ch)
	}
	pending := early.pending
	for early.ch != nil {
		select {
		case sig := <-early.ch:
			pending = append(pending, sig)
		default:
			return pending
		}
	}
	return pending
}

// takeEarly hands the signals held since the start, and any that arrive
// while Interruptible installs its own handler, to to.
func takeEarly(to chan<- os.Signal) {
	early.mu.Lock()
	pending := early.pending
	early.pending = nil
	early.to = to
	early.mu.Unlock()
	for _, sig := range pending {
		select {
		case to <- sig:
		default:
		}
	}
}
