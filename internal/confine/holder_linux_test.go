//go:build linux && (amd64 || arm64)

package confine

import (
	"fmt"
	"golang.org/x/sys/unix"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// heldOnce runs python with args in root's holder, and says how it ended,
// what it wrote, and which holder it ran in.
func heldOnce(t *testing.T, p Policy, args ...string) (err error, out string, in *holder) {
	t.Helper()
	python, lerr := exec.LookPath("python3")
	if lerr != nil {
		t.Skip("no python3")
	}
	cmd := exec.Command(python, args...)
	var b strings.Builder
	cmd.Stdout, cmd.Stderr = &b, &b
	if err := Prepare(cmd, p); err != nil {
		t.Fatal(err)
	}
	if err := Launch(cmd); err != nil {
		t.Fatal(err)
	}
	v, _ := children.Load(cmd)
	in = v.(*child).holder
	if held, idle := Holder(in.cmd.Process.Pid); !held || idle {
		t.Errorf("Holder of a lent holder: held %v, idle %v", held, idle)
	}
	err = Wait(cmd)
	if held, idle := Holder(in.cmd.Process.Pid); !held || !idle {
		t.Errorf("Holder of a holder given back: held %v, idle %v", held, idle)
	}
	if held, _ := Holder(cmd.Process.Pid); held {
		t.Errorf("the command is taken for a holder")
	}
	return err, b.String(), in
}

// needHolders skips a test where sandboxes have no holders (a user but
// root, or root without CAP_SYS_ADMIN), after the probe.
func needHolders(t *testing.T, p Policy) {
	t.Helper()
	if !holdersJoinable() {
		t.Skip("holders are root's (with CAP_SYS_ADMIN)")
	}
	if err := ProbeChild(p); err != nil {
		t.Skip(err)
	}
}

// TestHolderClearsBetweenCommands checks that what a command leaves in
// its holder is gone before the next command there starts: a detached
// child that keeps the command's output open does not hold up Wait, is
// no longer a process afterwards (looked for from outside), and the next
// command in the same holder sees no process of its namespace but the
// holder and itself, and none of the first one's SysV shared memory.
func TestHolderClearsBetweenCommands(t *testing.T) {
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	needHolders(t, p)
	token := fmt.Sprintf("cleanexit-held-leftover-%d", os.Getpid())
	leave := fmt.Sprintf(`
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
assert libc.shmget(0x0c1ea0e3, 4096, 0o1600) >= 0, ctypes.get_errno()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(60)", %q])
    os._exit(0)
time.sleep(0.2)
`, token)
	start := time.Now()
	err, out, first := heldOnce(t, p, "-c", leave)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Wait took %v: the leftover held the command's output", d)
	}
	if left := withArgument(token); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Fatalf("processes %v outlived their command in its holder", left)
	}
	look := `
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
others = sorted(int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, os.getpid()))
assert not others, [open(f"/proc/{p}/cmdline").read() for p in others]
assert libc.shmget(0x0c1ea0e3, 0, 0) < 0 and ctypes.get_errno() == 2, "the first command's shared memory is here"
`
	err, out, second := heldOnce(t, p, "-c", look)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if second != first {
		t.Fatalf("the second command ran in another holder: nothing was checked")
	}
}

// TestHolderOutlivesItsCommandsSignals checks that a command cannot end
// its holder, and so a later command's sandbox, by signalling process 1
// of its namespace: the signals are refused (Landlock's scope) or
// ignored, and the holder serves the next command.
func TestHolderOutlivesItsCommandsSignals(t *testing.T) {
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	needHolders(t, p)
	send := `
import os, signal
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2, signal.SIGPIPE, signal.SIGALRM, signal.SIGABRT, signal.SIGTRAP, signal.SIGSYS, signal.SIGKILL):
    try:
        os.kill(1, s)
    except PermissionError:
        pass
`
	err, out, h := heldOnce(t, p, "-c", send)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	time.Sleep(50 * time.Millisecond)
	if err := h.cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the holder ended: %v", err)
	}
	err, out, again := heldOnce(t, p, "-c", "pass")
	if err != nil || again != h {
		t.Fatalf("the next command: %v in holder %p, not %p: %s", err, again, h, out)
	}
}

// TestHolderEndsItsCommand checks that a holder killed while its command
// runs (from outside: the command cannot) takes the command with it,
// that Wait says so, and that the holder is not lent again.
func TestHolderEndsItsCommand(t *testing.T) {
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	needHolders(t, p)
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	cmd := exec.Command(python, "-c", "import time; time.sleep(60)")
	if err := Prepare(cmd, p); err != nil {
		t.Fatal(err)
	}
	if err := Launch(cmd); err != nil {
		t.Fatal(err)
	}
	v, _ := children.Load(cmd)
	h := v.(*child).holder
	h.cmd.Process.Kill()
	start := time.Now()
	err = Wait(cmd)
	if err == nil || !strings.Contains(err.Error(), "holder ended") || time.Since(start) > 10*time.Second {
		t.Fatalf("Wait after its holder was killed: %v, after %v", err, time.Since(start))
	}
	if held, _ := Holder(h.cmd.Process.Pid); held {
		t.Fatal("the killed holder is still kept")
	}
}

// TestReleaseEndsHolders checks from outside that ReleaseHolders, at a
// session's end, leaves no holder of this process's running.
func TestReleaseEndsHolders(t *testing.T) {
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	needHolders(t, p)
	if err, out, _ := heldOnce(t, p, "-c", "pass"); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	ReleaseHolders()
	ours := func() []int {
		var pids []int
		for _, pid := range withArgument("cleanexit-sandbox-holder") {
			stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			if err != nil {
				continue
			}
			f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
			if len(f) > 1 && f[1] == fmt.Sprint(os.Getpid()) {
				pids = append(pids, pid)
			}
		}
		return pids
	}
	for i := 0; len(ours()) > 0; i++ {
		if i == 100 {
			t.Fatalf("holders %v outlived ReleaseHolders by 2 s", ours())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHolderLimitsEachCommand checks that the pids cgroup a holder keeps
// for its commands holds each of them to its own limit: a fork bomb
// meets it, the next command in the same holder forks as many processes
// as its own limit allows (nothing of the bomb's is counted), and a
// lower limit asked for later applies at once.
func TestHolderLimitsEachCommand(t *testing.T) {
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	needHolders(t, p)
	err, out, bomb := heldOnce(t, p, "-c", forks(200))
	if err == nil || !strings.Contains(out, "refused after") {
		t.Fatalf("a fork bomb under a limit of 40 processes: %v: %s", err, out)
	}
	if bomb.cgroup == "" {
		t.Fatal("the holder has no cgroup")
	}
	err, out, again := heldOnce(t, p, "-c", forks(35))
	if again != bomb {
		t.Fatal("the next command ran in another holder: nothing was checked")
	}
	if err != nil || !strings.Contains(out, "forked 35") {
		t.Fatalf("35 processes under a limit of 40, after a fork bomb in the same holder: %v: %s", err, out)
	}
	p.Processes = 10
	err, out, lower := heldOnce(t, p, "-c", forks(35))
	if lower != bomb {
		t.Fatal("the third command ran in another holder: nothing was checked")
	}
	if err == nil || !strings.Contains(out, "refused after") {
		t.Fatalf("35 processes under a limit of 10: %v: %s", err, out)
	}
}

// TestHolderKnowsAnEmptyNamespace checks the answer that spares a command
// the round trip to its holder: once the command has exited, a namespace
// with nothing else left in it is empty, and one where a child of the
// command still runs, or where the holder is ending, is not.
func TestHolderKnowsAnEmptyNamespace(t *testing.T) {
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	needHolders(t, p)
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	exited := func(program string) (*exec.Cmd, *child) {
		cmd := exec.Command(python, "-c", program)
		if err := Prepare(cmd, p); err != nil {
			t.Fatal(err)
		}
		if err := Launch(cmd); err != nil {
			t.Fatal(err)
		}
		v, _ := children.Load(cmd)
		var info unix.Siginfo
		if err := unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil); err != nil {
			t.Fatal(err)
		}
		return cmd, v.(*child)
	}
	// The thread that started the command ends a moment after it: until
	// then the cgroup counts it.
	settled := func(c *child, tries int) bool {
		for range tries {
			if c.holder.emptyBut(true) {
				return true
			}
			time.Sleep(10 * time.Millisecond)
		}
		return false
	}
	cmd, c := exited("pass")
	if !settled(c, 100) {
		t.Error("a namespace with nothing but its exited command is not empty")
	}
	if left, err := WaitLeft(cmd); err != nil || len(left) > 0 {
		t.Fatalf("python -c pass: %v, left %v", err, left)
	}
	cmd, c = exited("import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(60)\n")
	if settled(c, 20) {
		t.Error("a namespace where the command's child still runs is empty")
	}
	if left, err := WaitLeft(cmd); err != nil || len(left) != 1 {
		t.Fatalf("a command that leaves a child: %v, left %v", err, left)
	}
	cmd, c = exited("pass")
	c.holder.cmd.Process.Kill()
	time.Sleep(100 * time.Millisecond)
	if c.holder.emptyBut(true) {
		t.Error("the namespace of a holder that is ending is empty")
	}
	WaitLeft(cmd)
}
