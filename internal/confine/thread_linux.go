//go:build linux && (amd64 || arm64)

package confine

import (
	"fmt"
	"os/exec"
	"runtime"
	"sync"

	"golang.org/x/sys/unix"
)

// Probe says whether Run can confine a thread on this kernel, and if
// not, what is missing.
func Probe() error {
	switch v := landlockABI(); {
	case v == 0:
		return fmt.Errorf("this kernel has no Landlock (Linux 6.2 or later, with landlock in its lsm= list) or a seccomp profile forbids it")
	case v < minABI:
		return fmt.Errorf("this kernel's Landlock is ABI %d; confining writes needs ABI %d (Linux 6.2) or later", v, minABI)
	}
	if _, _, errno := unix.RawSyscall(unix.SYS_PRCTL, unix.PR_GET_SECCOMP, 0, 0); errno != 0 {
		return fmt.Errorf("this kernel has no seccomp: %v", errno)
	}
	return nil
}

// Start starts cmd from a thread confined by p and discarded once cmd
// has started, for a caller whose own thread must stay free: cmd, and
// what it starts, are confined as by Run.
func Start(cmd *exec.Cmd, p Policy) error {
	var err error
	if cerr := Run(p, func() { err = cmd.Start() }); cerr != nil {
		return cerr
	}
	return err
}

// Run runs f on a goroutine of its own, locked to an OS thread confined
// by p, and waits until f returns or ends its goroutine (runtime.Goexit).
// The thread ends with the goroutine, so no other goroutine ever runs
// confined. The error is the confinement's; f has not run then.
//
// The thread is never the process's main one. A signal to a process is
// checked against its main thread's Landlock domain, so a confined main
// thread let every process started from the sandbox signal cleanexit
// itself (a sandboxed case's kill(getppid(), 0) succeeded in CI). A
// goroutine started while its creator waits often runs on the creator's
// thread; where that is the main thread, Run holds it and confines
// another.
func Run(p Policy, f func()) error {
	if err := undumpable(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go runConfined(p, f, done)
	return <-done
}

// undumpable makes the process not dumpable, once, before its first
// confined thread. That thread shares its processes' Landlock domain,
// and Landlock lets a process ptrace, and read through /proc, the tasks
// of its own domain: /proc/<cleanexit>/task/<thread>/environ gave a
// sandboxed case the caller's environment, secrets included, and .../mem
// cleanexit's memory. The kernel refuses both, and ptrace, to a process
// without capabilities, as every confined one is, where the target is
// not dumpable. What cleanexit gives up: a core file of its own, and an
// unprivileged debugger's attach. What it starts is dumpable again from
// its exec.
var undumpable = sync.OnceValue(func() error {
	if _, _, errno := unix.RawSyscall(unix.SYS_PRCTL, unix.PR_SET_DUMPABLE, 0, 0); errno != 0 {
		return fmt.Errorf("prctl(PR_SET_DUMPABLE): %w", errno)
	}
	return nil
})

func runConfined(p Policy, f func(), done chan<- error) {
	runtime.LockOSThread()
	if unix.Gettid() == unix.Getpid() {
		// While this goroutine holds the main thread, the next one
		// cannot run on it; the main thread is then given back as it was.
		inner := make(chan error, 1)
		go runConfined(p, f, inner)
		err := <-inner
		runtime.UnlockOSThread()
		done <- err
		return
	}
	// Never unlocked: the confined thread ends with this goroutine.
	if err := confineSelf(p); err != nil {
		done <- err
		return
	}
	defer func() { done <- nil }() // on return, and on runtime.Goexit
	f()
}

// confineSelf confines the calling goroutine's OS thread by p, and every
// process it starts from now on. The goroutine must have locked itself to
// the thread (runtime.LockOSThread) and must never unlock it: ending the
// goroutine then ends the thread, and no other goroutine ever runs
// confined. The thread must not be the process's main one (see Run). A
// process it starts stays in the caller's session, as an unconfined one
// would: cleanexit's reaper takes a child of its own in another session
// for an escapee reparented to it (the filter refuses TIOCSTI instead,
// the way into the caller's terminal).
func confineSelf(p Policy) error {
	if err := Probe(); err != nil {
		return err
	}
	rs, err := ruleset(p)
	if err != nil {
		return err
	}
	defer unix.Close(rs)
	return confineThread(rs, filter(p.Network, p.NoExec, unix.Gettid()))
}

// confineThread confines the calling thread, which must be locked to its
// goroutine and never serve another.
func confineThread(rs int, prog []unix.SockFilter) error {
	if err := keyrings(); err != nil {
		return err
	}
	if _, _, errno := unix.RawSyscall(unix.SYS_PRCTL, unix.PR_SET_NO_NEW_PRIVS, 1, 0); errno != 0 {
		return fmt.Errorf("no_new_privs: %w", errno)
	}
	if err := dropCapabilities(); err != nil {
		return err
	}
	if err := enforce(rs); err != nil {
		return err
	}
	return install(prog)
}

// keyrings gives the calling thread a session keyring of its own, new and
// empty, so that what it starts does not possess the caller's. The filter
// then refuses the keyring system calls: a sandbox of root's has no user
// namespace (see Prepare), so a key added to the user keyring would be
// root's and outlive the run, and a key read could be the caller's secret.
// A kernel without keyrings has none to keep apart.
func keyrings() error {
	if _, _, errno := unix.RawSyscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0); errno != 0 && errno != unix.ENOSYS {
		return fmt.Errorf("joining a session keyring of its own: %w", errno)
	}
	return nil
}
