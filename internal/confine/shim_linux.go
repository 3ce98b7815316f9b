//go:build linux && (amd64 || arm64)

package confine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"
)

// A sandbox's init is cleanexit's own executable started by Prepare with
// shimVar set: this init function, which runs in every program that links
// the package (cleanexit, and the test binaries), takes it over then, and
// does nothing without the variable.
func init() {
	raw, ok := os.LookupEnv(shimVar)
	if !ok {
		return
	}
	os.Unsetenv(shimVar)
	os.Exit(runInit(raw))
}

// forwarded are the signals cleanexit sends a sandbox's init for the
// command: SIGABRT asks a hung interpreter for its stacks.
var forwarded = []os.Signal{syscall.SIGABRT, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2}

// runInit is the sandbox's init, process 1 of its PID namespace (or, with
// cfg.Outer, the process before it: runOuter; with cfg.Hold, a holder:
// runHolder). It mounts its /proc, sets
// RLIMIT_NPROC where no cgroup limits it, confines a thread of its own (a
// new Landlock domain, which no cleanexit thread is in, and a new session
// keyring), starts the command from that thread, reaps what is
// orphaned in the namespace, and relays the command's wait status on the
// report pipe. It does not exec the command over itself: a PID
// namespace's process 1 does not die of a signal it has no handler for,
// so abort() would not end python, and the status would lie. Once it
// exits the kernel kills whatever is left in the namespace, and the IPC
// namespace and the session keyring go with their last process.
func runInit(raw string) int {
	var cfg shimConfig
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		fmt.Fprintf(os.Stderr, "cleanexit sandbox: %v\n", err)
		return 125
	}
	syscall.CloseOnExec(cfg.Report)
	syscall.CloseOnExec(cfg.Lifeline)
	report := os.NewFile(uintptr(cfg.Report), "report")
	fail := func(format string, args ...any) int {
		report.Write(append([]byte{'E'}, fmt.Sprintf(format, args...)...))
		return 125
	}
	if cfg.Lifeline <= 2 {
		return fail("no lifeline to the caller")
	}
	go func() {
		// Only end of file comes: the caller writes nothing.
		os.NewFile(uintptr(cfg.Lifeline), "lifeline").Read(make([]byte, 1))
		os.Exit(125)
	}()
	if cfg.Outer {
		return runOuter(cfg, report, fail)
	}
	if cfg.Hold {
		return runHolder(cfg, report, fail)
	}
	// Not dumpable: the command, in the thread's domain, cannot read
	// this process's memory nor ptrace it.
	if err := undumpable(); err != nil {
		return fail("%v", err)
	}
	if err := mountProc(); err != nil {
		return fail("%v", err)
	}
	if cfg.Nproc > 0 {
		lim := unix.Rlimit{Cur: uint64(cfg.Nproc), Max: uint64(cfg.Nproc)}
		if err := unix.Setrlimit(unix.RLIMIT_NPROC, &lim); err != nil {
			return fail("setting the process limit: %v", err)
		}
	}
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, forwarded...)
	cmd := &exec.Cmd{Path: cfg.Path, Args: os.Args, Env: os.Environ(), Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	var startErr error
	p := Policy{Writable: cfg.Writable, Network: cfg.Network}
	err := Run(p, func() {
		if cfg.Path != "" {
			startErr = cmd.Start()
		}
	})
	switch {
	case err != nil:
		return fail("confining: %v", err)
	case startErr != nil:
		return fail("%v", startErr)
	case cfg.Path == "":
		return relay(report, 0, nil)
	}
	pid := cmd.Process.Pid
	go func() {
		for s := range sigs {
			syscall.Kill(pid, s.(syscall.Signal))
		}
	}()
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fail("waiting for the command: %v", err)
		}
		if got == pid && (ws.Exited() || ws.Signaled()) {
			// What the command left is named before the init's exit
			// kills it.
			return relay(report, ws, leftInNamespace(initsGroup(cfg.Grouped)))
		}
	}
}

// runOuter is the process between cleanexit and the init (see Prepare),
// born in the sandbox's pids cgroup: it starts the init in new user, PID,
// IPC and mount namespaces, passes it the report pipe and the signals cleanexit
// sends, and ends as the init ended.
func runOuter(cfg shimConfig, report *os.File, fail func(string, ...any) int) int {
	inner := cfg
	inner.Outer, inner.Report, inner.Lifeline = false, 3, 4
	b, _ := json.Marshal(inner)
	uids, gids := idMaps()
	var ambient []uintptr
	if os.Getuid() != 0 {
		// A user but root keeps no capability across the init's exec,
		// and mounting its /proc needs CAP_SYS_ADMIN in its namespace;
		// the confined thread drops it again.
		ambient = []uintptr{unix.CAP_SYS_ADMIN}
	}
	cmd := &exec.Cmd{
		Path: "/proc/self/exe", Args: os.Args, Env: append(os.Environ(), shimVar+"="+string(b)),
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		ExtraFiles: []*os.File{report, os.NewFile(uintptr(cfg.Lifeline), "lifeline")},
		SysProcAttr: &syscall.SysProcAttr{
			Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC | syscall.CLONE_NEWNS,
			UidMappings: uids, GidMappings: gids, GidMappingsEnableSetgroups: os.Getuid() == 0,
			AmbientCaps: ambient,
			Pdeathsig:   syscall.SIGKILL, // this process never ends a thread
		},
	}
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, forwarded...)
	if err := cmd.Start(); err != nil {
		return fail("cannot start the sandbox's init (user, PID, IPC and mount namespaces): %v", err)
	}
	go func() {
		for s := range sigs {
			cmd.Process.Signal(s)
		}
	}()
	cmd.Wait()
	ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		// Killed (by cleanexit's timeout, or by the case): so is this
		// process, for cleanexit to see.
		signal.Reset(ws.Signal())
		syscall.Kill(os.Getpid(), ws.Signal())
	}
	return ws.ExitStatus()
}

// mountProc mounts, in the init's own mount namespace, a /proc of its PID
// namespace over the machine's, so that /proc/<pid> names the process a
// pid names there: a debugger (gdb reads /proc/<pid> of what it runs) and
// a case's os.getpid() agree with the kernel, and the machine's processes,
// cleanexit's among them, are not listed. The mount namespace's mounts are
// at most slaves of the machine's (mount_namespaces(7)), by its user
// namespace or by runHolder's remount: the mount does not propagate back.
func mountProc() error {
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting the sandbox's /proc: %w", err)
	}
	return nil
}

// relay writes the command's wait status for cleanexit, and what it
// left running.
func relay(report *os.File, ws syscall.WaitStatus, left []Leftover) int {
	msg := []byte{'S', 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(msg[1:], uint32(ws))
	msg = append(msg, encodeLeftovers(left)...)
	if _, err := report.Write(msg); err != nil {
		return 125
	}
	return 0
}
