//go:build unix

package command

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// brokenPipe is the signal a write to a pipe without a reader raises.
var brokenPipe os.Signal = syscall.SIGPIPE

// endSignals are the signals Interruptible catches. SIGHUP, when the
// process started ignoring it (nohup), stays ignored for it, its
// disposition reset for its children alone (DefaultDispositions); Ctrl-C
// and SIGTERM stop it whatever it inherited, as they always have.
func endSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGPIPE}
	if !DefaultDispositions()[syscall.SIGHUP] {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// inheritedIgnores are the signals whose ignored disposition a process may
// inherit and should not pass on (DefaultDispositions). SIGCHLD, SIGURG
// and the faults are the Go runtime's own.
var inheritedIgnores = []os.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGPIPE, syscall.SIGTERM,
	syscall.SIGALRM, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU,
	syscall.SIGXCPU, syscall.SIGXFSZ, syscall.SIGVTALRM, syscall.SIGWINCH}

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

// raise sends sig to this process, to die of it by its default.
func raise(sig os.Signal) {
	if n, ok := sig.(syscall.Signal); ok {
		syscall.Kill(os.Getpid(), n)
	}
}

// signalStatus is the status a shell gives a death by sig: 128+N.
func signalStatus(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return Interrupted
}
