//go:build unix

package command

import (
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"
)

// brokenPipe is the signal a write to a pipe without a reader raises.
var brokenPipe os.Signal = syscall.SIGPIPE

// endSignals are the signals Interruptible catches.
func endSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGPIPE}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// outputGone says whether stdout or stderr has lost its reader: poll
// reports an error on a pipe's write end once no reader is left (Linux), a
// hang-up on a socket's or a pipe's (the BSDs, macOS).
func outputGone() bool {
	fds := []unix.PollFd{{Fd: 1, Events: unix.POLLOUT}, {Fd: 2, Events: unix.POLLOUT}}
	if n, err := unix.Poll(fds, 0); err != nil || n == 0 {
		return false
	}
	for _, fd := range fds {
		if fd.Revents&(unix.POLLERR|unix.POLLHUP) != 0 {
			return true
		}
	}
	return false
}
