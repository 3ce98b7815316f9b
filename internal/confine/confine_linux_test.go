//go:build linux && (amd64 || arm64)

package confine

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The test binary is also the confined program: with CONFINE_OP set it
// tries that one operation and prints "ok" or the errno's name.
func TestMain(m *testing.M) {
	if op := os.Getenv("CONFINE_OP"); op != "" {
		fmt.Print(outcome(attempt(op, os.Getenv("CONFINE_IN"), os.Getenv("CONFINE_OUT"))))
		os.Exit(0)
	}
	if os.Getenv("CONFINE_FROM_MAIN") != "" {
		fmt.Print(signalFromMain())
		os.Exit(0)
	}
	if token := os.Getenv("CONFINE_HOLD"); token != "" {
		holdSandbox(token)
	}
	if dir := os.Getenv("CONFINE_SHARED_MOUNTS"); dir != "" {
		sandboxUnderSharedMounts(dir)
	}
	code := m.Run()
	ReleaseHolders() // a holder, and its cgroup, would outlive the binary
	os.Exit(code)
}

// signalFromMain starts, from the main goroutine of a process that has
// just begun, a confined child that signals this process, and returns
// what the child's signal did. The main goroutine then waits, and its
// thread, the process's main one, is free to run the goroutine that
// confines a thread for the child.
func signalFromMain() string {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "CONFINE_OP=signal-parent", "CONFINE_FROM_MAIN=")
	var stdout strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := Start(cmd, Policy{Writable: []string{os.TempDir()}}); err != nil {
		return "Start: " + err.Error()
	}
	if err := cmd.Wait(); err != nil {
		return "Wait: " + err.Error()
	}
	return stdout.String()
}

// TestConfiningThreadUnreachable: the thread that confined a process
// shares its Landlock domain, and while it waits for the process (as a
// script's thread waits for its python) the process could reach it by
// its thread ID. A sandboxed case ended cleanexit that way (a SIGKILL to
// one thread ends the whole process: exit 137, its work folder left
// behind), read the caller's secrets in /proc/<cleanexit>/task/<thread>/
// environ, and opened its memory. Every way is refused.
func TestConfiningThreadUnreachable(t *testing.T) {
	skipUnlessSignalsScoped(t)
	if got := fromConfiningThread(t, "reach-parent-threads"); got != "EPERM" {
		t.Errorf("a confined process reached the thread that confined it: %s, want EPERM", got)
	}
}

// TestConfiningThreadGetsNoSIGIO: a confined process cannot make the
// thread that confined it the owner of a file's SIGIO, whose signal
// F_SETSIG chooses: a SIGKILL delivered that way ended a sandboxed run's
// cleanexit. Delivered to any other thread, Landlock refuses it.
func TestConfiningThreadGetsNoSIGIO(t *testing.T) {
	skipUnlessSignalsScoped(t)
	got := make(chan os.Signal, 16)
	signal.Notify(got, unix.SIGWINCH)
	defer signal.Stop(got)
	refused := fromConfiningThread(t, "sigio-parent-threads")
	select {
	case <-got:
		t.Errorf("a confined process sent SIGWINCH, as it could SIGKILL, to a thread of the process that confined it (%s)", refused)
	case <-time.After(200 * time.Millisecond):
	}
	// F_SETOWN_EX is refused whoever it names, F_SETOWN for the confining
	// thread alone: at least one refusal per thread, one more for that one.
	if !strings.HasPrefix(refused, "refused ") || refused == "refused 0" {
		t.Errorf("the child reports %q: no owner was refused", refused)
	}
}

// fromConfiningThread runs this test binary with CONFINE_OP=op as a
// confined process whose confining thread waits for it, as a script's
// thread waits for its python, and returns what the op printed.
func fromConfiningThread(t *testing.T, op string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "CONFINE_OP="+op)
	var stdout strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	var err error
	if cerr := Run(Policy{Writable: []string{t.TempDir()}}, func() {
		if err = cmd.Start(); err == nil {
			err = cmd.Wait()
		}
	}); cerr != nil {
		t.Fatal(cerr)
	}
	if err != nil {
		t.Fatal(err)
	}
	return stdout.String()
}

// TestMainThreadNeverConfined: a process whose main thread was confined
// could be signalled by its confined children, since a signal to a
// process is checked against its main thread's Landlock domain. A
// sandboxed case found cleanexit that way in CI (kill(getppid(), 0)
// succeeded), when the confining goroutine ran on the main thread.
func TestMainThreadNeverConfined(t *testing.T) {
	skipUnlessSignalsScoped(t)
	for range 10 {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "CONFINE_FROM_MAIN=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := string(out); got != "EPERM" {
			t.Fatalf("a confined child signalled the process that confined it: %s, want EPERM", got)
		}
	}
}

// attempt performs op with in the writable folder and out a folder beside
// it holding a file "f".
func attempt(op, in, out string) error {
	outFile := filepath.Join(out, "f")
	switch op {
	case "write-in":
		return os.WriteFile(filepath.Join(in, "new"), []byte("x"), 0o644)
	case "mkdir-in-rename-in":
		if err := os.Mkdir(filepath.Join(in, "d"), 0o755); err != nil {
			return err
		}
		return os.Rename(filepath.Join(in, "d"), filepath.Join(in, "e"))
	case "create-out":
		return os.WriteFile(filepath.Join(out, "new"), []byte("x"), 0o644)
	case "write-out":
		return os.WriteFile(outFile, []byte("x"), 0o644)
	case "append-out":
		f, err := os.OpenFile(outFile, os.O_WRONLY|os.O_APPEND, 0)
		if err == nil {
			f.Close()
		}
		return err
	case "truncate-out":
		return os.Truncate(outFile, 0)
	case "remove-out":
		return os.Remove(outFile)
	case "mkdir-out":
		return os.Mkdir(filepath.Join(out, "d"), 0o755)
	case "rename-out-in":
		return os.Rename(outFile, filepath.Join(in, "stolen"))
	case "rename-in-out":
		p := filepath.Join(in, "planted")
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			return err
		}
		return os.Rename(p, filepath.Join(out, "planted"))
	case "link-out-in":
		return os.Link(outFile, filepath.Join(in, "link"))
	case "symlink-write":
		p := filepath.Join(in, "sym")
		if err := os.Symlink(outFile, p); err != nil {
			return err
		}
		return os.WriteFile(p, []byte("x"), 0o644)
	case "chmod-in":
		p := filepath.Join(in, "m")
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			return err
		}
		return os.Chmod(p, 0o755)
	case "chmod-out-world-writable":
		return os.Chmod(outFile, 0o666)
	case "chmod-out-setuid":
		return unix.Fchmodat(unix.AT_FDCWD, outFile, 0o4755, 0)
	case "fchmod-in-setgid":
		f, err := os.Create(filepath.Join(in, "g"))
		if err != nil {
			return err
		}
		defer f.Close()
		return f.Chmod(os.ModeSetgid | 0o755)
	case "tiocsti":
		c := byte('x')
		_, _, errno := unix.Syscall(unix.SYS_IOCTL, 0, unix.TIOCSTI, uintptr(unsafe.Pointer(&c)))
		if errno != 0 {
			return errno
		}
		return nil
	case "io_uring":
		var params [120]byte // struct io_uring_params
		fd, _, errno := unix.Syscall(unix.SYS_IO_URING_SETUP, 1, uintptr(unsafe.Pointer(&params)), 0)
		if errno != 0 {
			return errno
		}
		unix.Close(int(fd))
		return nil
	case "dev-null":
		return os.WriteFile(os.DevNull, []byte("x"), 0)
	case "inet":
		c, err := net.Dial("tcp", "127.0.0.1:9")
		if err == nil {
			c.Close()
		}
		return err
	case "unix":
		fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM, 0)
		if err == nil {
			unix.Close(fd)
		}
		return err
	case "netlink":
		fd, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE)
		if err == nil {
			unix.Close(fd)
		}
		return err
	case "signal-parent":
		return unix.Kill(os.Getppid(), 0)
	case "reach-parent-threads":
		return reachThreads(os.Getppid())
	case "sigio-parent-threads":
		return sigioThreads(os.Getppid())
	case "mount":
		return unix.Mount("none", in, "tmpfs", 0, "")
	}
	return fmt.Errorf("unknown op %q", op)
}

// reachThreads tries each way of reaching a thread of process pid in
// turn: a signal (0) by every call that names a thread, reading its
// environment or its memory (through /proc or process_vm_readv), and
// ptrace. It returns which way got through first, and EPERM where none
// did.
func reachThreads(pid int) error {
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return err
	}
	for _, e := range entries {
		tid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		task := fmt.Sprintf("/proc/%d/task/%d/", pid, tid)
		ways := []struct {
			name string
			try  func() error
		}{
			{"tgkill", func() error { return unix.Tgkill(pid, tid, 0) }},
			{"kill", func() error { return unix.Kill(tid, 0) }},
			{"tkill", func() error { _, _, errno := unix.Syscall(unix.SYS_TKILL, uintptr(tid), 0, 0); return errnoErr(errno) }},
			{"rt_tgsigqueueinfo", func() error {
				info := unix.Siginfo{Signo: 0}
				_, _, errno := unix.Syscall6(unix.SYS_RT_TGSIGQUEUEINFO, uintptr(pid), uintptr(tid), 0, uintptr(unsafe.Pointer(&info)), 0, 0)
				return errnoErr(errno)
			}},
			{"pidfd_send_signal", func() error {
				fd, _, errno := unix.Syscall(unix.SYS_PIDFD_OPEN, uintptr(tid), pidfdThread, 0)
				if errno != 0 {
					return errno
				}
				defer unix.Close(int(fd))
				return unix.PidfdSendSignal(int(fd), 0, nil, 0)
			}},
			{"environ", func() error { _, err := os.ReadFile(task + "environ"); return err }},
			{"process_vm_readv", func() error {
				// The test binary is not position-independent: a global
				// is at the same address in the parent.
				var b [1]byte
				local := []unix.Iovec{{Base: &b[0], Len: 1}}
				remote := []unix.RemoteIovec{{Base: uintptr(unsafe.Pointer(&probeByte)), Len: 1}}
				_, err := unix.ProcessVMReadv(tid, local, remote, 0)
				return err
			}},
			{"ptrace", func() error {
				if err := unix.PtraceSeize(tid); err != nil {
					return err
				}
				unix.PtraceDetach(tid)
				return nil
			}},
			{"mem", func() error {
				f, err := os.Open(task + "mem")
				if err == nil {
					f.Close()
				}
				return err
			}},
		}
		for _, w := range ways {
			if w.try() == nil {
				return fmt.Errorf("%s reached thread %d", w.name, tid)
			}
		}
	}
	return unix.EPERM
}

// sigioThreads makes each thread of process pid in turn the SIGIO owner
// of a pipe, by F_SETOWN and by F_SETOWN_EX, with SIGWINCH as the signal
// (F_SETSIG could as well make it SIGKILL), and writes to the pipe. Only
// the process can tell whether a signal arrived; the refusals it can
// count are returned, as "refused N".
func sigioThreads(pid int) error {
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return err
	}
	refused := 0
	for _, e := range entries {
		tid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		owners := []func(fd int) error{
			func(fd int) error { _, err := unix.FcntlInt(uintptr(fd), unix.F_SETOWN, tid); return err },
			func(fd int) error {
				owner := struct{ typ, pid int32 }{0, int32(tid)} // F_OWNER_TID
				_, _, errno := unix.Syscall(unix.SYS_FCNTL, uintptr(fd), unix.F_SETOWN_EX, uintptr(unsafe.Pointer(&owner)))
				return errnoErr(errno)
			},
		}
		for _, own := range owners {
			var fds [2]int
			if err := unix.Pipe2(fds[:], unix.O_NONBLOCK); err != nil {
				return err
			}
			if own(fds[0]) != nil {
				refused++
			} else if _, err := unix.FcntlInt(uintptr(fds[0]), unix.F_SETSIG, int(unix.SIGWINCH)); err == nil {
				if flags, err := unix.FcntlInt(uintptr(fds[0]), unix.F_GETFL, 0); err == nil {
					unix.FcntlInt(uintptr(fds[0]), unix.F_SETFL, flags|unix.O_ASYNC)
					unix.Write(fds[1], []byte("x"))
				}
			}
			unix.Close(fds[0])
			unix.Close(fds[1])
		}
	}
	return fmt.Errorf("refused %d", refused)
}

// probeByte is what process_vm_readv tries to read of the parent.
var probeByte byte = 1

// pidfdThread is PIDFD_THREAD (Linux 6.9): a pidfd for one thread.
const pidfdThread = unix.O_EXCL

func errnoErr(errno syscall.Errno) error {
	if errno != 0 {
		return errno
	}
	return nil
}

func outcome(err error) string {
	var errno syscall.Errno
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &errno):
		return unix.ErrnoName(errno)
	}
	return err.Error()
}

// run starts the test binary confined to in and returns what op did.
func run(t *testing.T, op, in, out string, network bool) string {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "CONFINE_OP="+op, "CONFINE_IN="+in, "CONFINE_OUT="+out)
	var stdout strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := Start(cmd, Policy{Writable: []string{in}, Network: network}); err != nil {
		t.Fatalf("Start: %v", err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	return stdout.String()
}

func skipUnlessConfinable(t *testing.T) {
	t.Helper()
	if err := Probe(); err != nil {
		t.Skipf("no confinement here: %v", err)
	}
}

// skipUnlessSignalsScoped skips a test of what Landlock ABI 6 (Linux
// 6.12) adds: a confined process cannot signal one outside.
func skipUnlessSignalsScoped(t *testing.T) {
	t.Helper()
	skipUnlessConfinable(t)
	if !ScopesSignals() {
		t.Skip("this kernel's Landlock does not scope signals (ABI 6, Linux 6.12)")
	}
}

// TestConfinedProcess: a confined process really is refused each way out
// of its writable folder, and still does what a test repro needs.
func TestConfinedProcess(t *testing.T) {
	skipUnlessConfinable(t)
	tests := []struct {
		op, want string
		network  bool
	}{
		{op: "write-in", want: "ok"},
		{op: "mkdir-in-rename-in", want: "ok"},
		{op: "dev-null", want: "ok"},
		{op: "unix", want: "ok"},
		{op: "create-out", want: "EACCES"},
		{op: "write-out", want: "EACCES"},
		{op: "append-out", want: "EACCES"},
		{op: "truncate-out", want: "EACCES"},
		{op: "remove-out", want: "EACCES"},
		{op: "mkdir-out", want: "EACCES"},
		{op: "rename-out-in", want: "EACCES"},
		{op: "rename-in-out", want: "EACCES"},
		{op: "link-out-in", want: "EXDEV"},
		{op: "symlink-write", want: "EACCES"},
		{op: "chmod-in", want: "ok"},
		{op: "chmod-out-world-writable", want: "EPERM"},
		{op: "chmod-out-setuid", want: "EPERM"},
		{op: "fchmod-in-setgid", want: "EPERM"},
		{op: "io_uring", want: "EPERM"},
		{op: "tiocsti", want: "EPERM"}, // ENOTTY unconfined: stdin is no terminal
		{op: "inet", want: "EACCES"},
		{op: "netlink", want: "EACCES"},
		{op: "inet", want: "ECONNREFUSED", network: true},
		{op: "mount", want: "EPERM"},
	}
	if ScopesSignals() {
		tests = append(tests, struct {
			op, want string
			network  bool
		}{op: "signal-parent", want: "EPERM"})
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/network=%v", tt.op, tt.network), func(t *testing.T) {
			in, out := t.TempDir(), t.TempDir()
			if err := os.WriteFile(filepath.Join(out, "f"), []byte("kept"), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := run(t, tt.op, in, out, tt.network); got != tt.want {
				t.Errorf("%s: got %s, want %s", tt.op, got, tt.want)
			}
			if b, err := os.ReadFile(filepath.Join(out, "f")); err != nil || string(b) != "kept" {
				t.Errorf("%s: the file outside is now %q, %v", tt.op, b, err)
			}
		})
	}
}

// TestCallerStaysFree: confining a child confines only the thread it was
// forked from, which dies with its goroutine; the rest of the process,
// and the threads the runtime starts later, write and connect as before.
func TestCallerStaysFree(t *testing.T) {
	skipUnlessConfinable(t)
	in, out := t.TempDir(), t.TempDir()
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command("/bin/true")
			if err := Start(cmd, Policy{Writable: []string{in}}); err != nil {
				t.Error(err)
				return
			}
			cmd.Wait()
			// Every goroutine after the child's start lands on some thread
			// of the process: none may be confined.
			if err := os.WriteFile(filepath.Join(out, fmt.Sprint(i)), nil, 0o644); err != nil {
				t.Errorf("the caller was confined: %v", err)
			}
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Errorf("the caller lost the network: %v", err)
				return
			}
			l.Close()
			if err := os.Chmod(filepath.Join(out, fmt.Sprint(i)), 0o600); err != nil {
				t.Errorf("the caller cannot chmod: %v", err)
			}
		}()
	}
	wg.Wait()
}

// TestSameSession: a confined process stays in its starter's session and
// process group settings, like an unconfined one: cleanexit's reaper reaps
// a child of its own in another session as an escaped orphan.
func TestSameSession(t *testing.T) {
	skipUnlessConfinable(t)
	cmd := exec.Command("/bin/sleep", "5")
	if err := Start(cmd, Policy{Writable: []string{t.TempDir()}}); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	ours, _ := unix.Getsid(0)
	if sid, err := unix.Getsid(cmd.Process.Pid); err != nil || sid != ours {
		t.Errorf("confined process in session %d (%v), want ours, %d", sid, err, ours)
	}
}

// TestWritableMustExist: a writable folder that is missing is an error
// that names it, not a process confined to less than asked.
func TestWritableMustExist(t *testing.T) {
	skipUnlessConfinable(t)
	missing := filepath.Join(t.TempDir(), "gone")
	err := Start(exec.Command("/bin/true"), Policy{Writable: []string{missing}})
	if err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("Start with a missing writable folder: %v", err)
	}
}
