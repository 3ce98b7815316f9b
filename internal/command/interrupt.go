package command

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync/atomic"
)

// errReaderGone is why Interruptible cancelled a context when stdout's or
// stderr's reader went away.
var errReaderGone = errors.New("the reader of the output went away")

// Interruptible returns the context a command that runs cases works under,
// and what stops watching for its end. Ctrl-C and SIGTERM cancel it; so
// does SIGHUP, the terminal closing, unless the process was started with
// SIGHUP ignored (nohup); and so does a write to stdout or stderr that
// finds no reader left (`cleanexit run | head`). Each lets the session kill
// what its runs started and remove its work folders before the command
// ends: dying of SIGHUP or SIGPIPE, Go's default, left a run's processes
// running and its folder in $TMPDIR.
//
// The signals are caught, never ignored: exec gives a caught signal back
// its default, so a case's processes start as they would from a shell.
// A broken pipe to a process the command started, not to its own output,
// stays that write's error alone.
func Interruptible() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	caught := make(chan os.Signal, 4)
	signal.Notify(caught, endSignals()...)
	if early.on.Swap(false) {
		// Caught from here on: what CatchEarly caught before is this
		// command's too.
		signal.Stop(early.caught)
		for len(early.caught) > 0 && len(caught) < cap(caught) {
			caught <- <-early.caught
		}
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-caught:
				switch {
				case sig != brokenPipe:
					cancel(stoppedBy{sig})
				case outputGone():
					cancel(errReaderGone)
				}
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(caught)
		close(done)
		cancel(nil)
	}
}

// early holds the end signals that come between a program's start and its
// command's Interruptible (CatchEarly).
var early struct {
	on     atomic.Bool
	caught chan os.Signal
}

// CatchEarly catches Ctrl-C, SIGTERM and SIGHUP from a program's start,
// before it knows its command: one that calls Interruptible is given the
// signals caught by then, so that a run stopped at once still removes its
// folders and writes its report, as one stopped later does. Before, a
// signal in its first milliseconds (Go's start, parsing the flags) killed
// it with neither. A Group gives the signals their defaults back before
// it runs a command that is not Interruptible, and raises again what it
// caught. Process-wide: a program's main alone calls it.
func CatchEarly() {
	early.caught = make(chan os.Signal, 4)
	signal.Notify(early.caught, earlySignals()...)
	early.on.Store(true)
}

// releaseEarly ends CatchEarly's catching, and raises again each signal
// it caught, now with its default: the process dies of it as it would
// have.
func releaseEarly() {
	if !early.on.Swap(false) {
		return
	}
	signal.Stop(early.caught)
	for len(early.caught) > 0 {
		raise(<-early.caught)
	}
}

// earlySignals are endSignals but a broken pipe, which the Go runtime
// itself raises on a write to stdout or stderr without a reader.
func earlySignals() []os.Signal {
	var sigs []os.Signal
	for _, s := range endSignals() {
		if s != brokenPipe {
			sigs = append(sigs, s)
		}
	}
	return sigs
}

// Interruption is the error that ends a command whose context
// Interruptible cancelled. It is interrupted, what the command ends with
// when stopped (ErrInterrupted, or an Exit of its own), unless the reader
// of its output went away: then it is a quiet ReaderGone, the same for
// every command, since no one is left to tell.
func Interruption(ctx context.Context, interrupted error) error {
	cause := context.Cause(ctx)
	if errors.Is(cause, errReaderGone) {
		return Quiet(ReaderGone)
	}
	// Stopped by a signal, the command ends with the status a shell
	// gives a death by it: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
	var by stoppedBy
	var e *exitError
	if errors.As(cause, &by) && errors.As(interrupted, &e) && e.code == Interrupted {
		return &exitError{signalStatus(by.sig), e.err}
	}
	return interrupted
}

// stoppedBy is why Interruptible cancelled a context on a signal.
type stoppedBy struct{ sig os.Signal }

func (s stoppedBy) Error() string { return "stopped by " + s.sig.String() }
