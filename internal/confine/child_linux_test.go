//go:build linux && (amd64 || arm64)

package confine

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestChildRelaysStatus checks that a sandboxed command's wait status
// reaches the caller as it ended, through the init process between them
// or, in root's holder, from the command itself: a PID namespace's
// process 1 would not die of abort(), so an init that exec'd the command
// would turn SIGABRT into a hang or a lie.
func TestChildRelaysStatus(t *testing.T) {
	if err := ProbeChild(Policy{Writable: []string{t.TempDir()}, Processes: 64}); err != nil {
		t.Skip(err)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	for _, c := range []struct {
		name   string
		argv   []string
		code   int
		signal syscall.Signal
	}{
		{"exit 0", []string{python, "-c", "pass"}, 0, 0},
		{"exit 3", []string{python, "-c", "import sys; sys.exit(3)"}, 3, 0},
		{"exit 137", []string{python, "-c", "import sys; sys.exit(137)"}, 137, 0},
		{"abort", []string{python, "-c", "import os; os.abort()"}, 0, syscall.SIGABRT},
		{"fatal error", []string{python, "-c", "import ctypes; ctypes.pythonapi.Py_FatalError(b'boom')"}, 0, syscall.SIGABRT},
		{"segfault", []string{python, "-c", "import ctypes; ctypes.string_at(0)"}, 0, syscall.SIGSEGV},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(c.argv[0], c.argv[1:]...)
			if err := Prepare(cmd, Policy{Writable: []string{t.TempDir()}, Processes: 64}); err != nil {
				t.Fatal(err)
			}
			if err := Launch(cmd); err != nil {
				t.Fatal(err)
			}
			err := Wait(cmd)
			var ws syscall.WaitStatus
			switch e := err.(type) {
			case nil:
			case *Ended:
				ws = e.Status
			case *exec.ExitError:
				ws = e.Sys().(syscall.WaitStatus)
			default:
				t.Fatalf("Wait: %v (%T)", err, err)
			}
			if c.signal != 0 {
				if !ws.Signaled() || ws.Signal() != c.signal {
					t.Fatalf("ended %v (%v), want signal %v", err, ws, c.signal)
				}
				return
			}
			if ws.Signaled() || ws.ExitStatus() != c.code {
				t.Fatalf("ended %v, want exit %d", err, c.code)
			}
		})
	}
}

// sandboxed runs python with args in a sandbox of policy p and returns
// how it ended and what it wrote to stderr.
func sandboxed(t *testing.T, p Policy, args ...string) (error, string) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	if err := ProbeChild(p); err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(python, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := Prepare(cmd, p); err != nil {
		t.Fatal(err)
	}
	if err := Launch(cmd); err != nil {
		t.Fatal(err)
	}
	return Wait(cmd), stderr.String()
}

// TestChildProcessLimit checks that a fork bomb meets the sandbox's
// process limit: a cgroup's pids.max as root, RLIMIT_NPROC in the
// sandbox's user namespace otherwise (run the test binary as nobody).
func TestChildProcessLimit(t *testing.T) {
	err, stderr := sandboxed(t, Policy{Writable: []string{t.TempDir()}, Processes: 40}, "-c", forks(200))
	if err == nil || !strings.Contains(stderr, "refused after") {
		t.Fatalf("a fork bomb under a limit of 40 processes ended %v: %s", err, stderr)
	}
}

// forks is a Python program that forks n processes, which live until it
// ends, and exits "refused after N" at the first fork the kernel refuses,
// else prints "forked n".
func forks(n int) string {
	return fmt.Sprintf(`
import os, sys
r, w = os.pipe()
n = 0
try:
    while n < %d:
        if os.fork() == 0:
            os.close(w)
            os.read(r, 1)
            os._exit(0)
        n += 1
except BlockingIOError:
    sys.exit(f"refused after {n}")
print("forked", n)
`, n)
}

// TestChildLeavesNoCgroup checks from outside that the pids cgroups of
// sandboxes that ended, a fork bomb's among them, and those of the
// holders are gone once ReleaseHolders returns: they are removed behind
// the runs, not by them.
func TestChildLeavesNoCgroup(t *testing.T) {
	h, ok := pidsCgroups()
	if !ok {
		t.Skip("no pids cgroup to make sandboxes' cgroups in (root only)")
	}
	mine := filepath.Join(h.dir, fmt.Sprintf("%s%d-*", cgroupPrefix, os.Getpid()))
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	for range 5 {
		if err, stderr := sandboxed(t, p, "-c", "pass"); err != nil {
			t.Fatalf("python -c pass: %v: %s", err, stderr)
		}
	}
	bomb := "import os\nwhile True:\n    if os.fork() == 0:\n        os.read(os.pipe()[0], 1)\n"
	sandboxed(t, p, "-c", bomb)
	ReleaseHolders()
	if left, _ := filepath.Glob(mine); len(left) > 0 {
		t.Errorf("cgroups left after ReleaseHolders: %q", left)
	}
}

// TestChildLeavesNoIPC checks from outside that a sandboxed process's
// SysV shared memory ends with it, that it can add no key to a keyring,
// and that its /proc is not mounted outside it.
func TestChildLeavesNoIPC(t *testing.T) {
	const key = 0x0c1ea0e2
	program := `
import ctypes, platform
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
assert libc.shmget(0x0c1ea0e2, 4096, 0o1600) >= 0, ctypes.get_errno()
add_key = {"x86_64": 248, "aarch64": 217}[platform.machine()]
assert libc.syscall(add_key, b"user", b"cleanexit-confine-test", b"x", 1, -3) < 0, "a key was added"
assert ctypes.get_errno() == 1, ctypes.get_errno()  # EPERM
`
	mounts, _ := os.ReadFile("/proc/self/mounts")
	if err, stderr := sandboxed(t, Policy{Writable: []string{t.TempDir()}, Processes: 40}, "-c", program); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	// The sandbox's own /proc is mounted in its mount namespace only.
	if after, _ := os.ReadFile("/proc/self/mounts"); string(after) != string(mounts) {
		t.Errorf("the machine's mounts changed:\n%s\nthen:\n%s", mounts, after)
	}
	shm, err := os.ReadFile("/proc/sysvipc/shm")
	if err != nil {
		t.Skip(err)
	}
	if strings.Contains(string(shm), fmt.Sprintf(" %d ", key)) {
		t.Errorf("the sandbox's shared memory outlived it:\n%s", shm)
	}
	if keys, _ := os.ReadFile("/proc/keys"); strings.Contains(string(keys), "cleanexit-confine-test") {
		t.Errorf("the sandbox's key is in a keyring:\n%s", keys)
	}
}

// TestChildMountsStayInside checks that the sandbox's /proc stays in its
// own mount namespace where the caller's mounts propagate to their peers
// (systemd makes / shared): root's sandbox has no user namespace, whose
// mounts would be slaves of the caller's by themselves. The test binary
// runs a sandbox again, as root, in a mount namespace of its own whose /
// it makes shared, and compares its mounts before and after. Without the
// init's remount of its tree as slaves, the sandbox's /proc was mounted
// over the caller's, and the caller's /proc/self was gone.
func TestChildMountsStayInside(t *testing.T) {
	if !holdersJoinable() {
		t.Skip("root's sandbox only (with CAP_SYS_ADMIN): another's has a user namespace of its own")
	}
	if err := ProbeChild(Policy{Writable: []string{t.TempDir()}, Processes: 40}); err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "CONFINE_SHARED_MOUNTS="+t.TempDir())
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "same\n" {
		t.Fatalf("%v: %s", err, out)
	}
}

// sandboxUnderSharedMounts is TestChildMountsStayInside's second half, in
// a mount namespace of its own: it makes its / shared, runs a sandbox,
// and says whether its mounts are the same after.
func sandboxUnderSharedMounts(dir string) {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_SHARED, ""); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	before, err := os.ReadFile("/proc/self/mountinfo")
	if err == nil {
		cmd := exec.Command("/bin/true")
		if err = Prepare(cmd, Policy{Writable: []string{dir}, Processes: 40}); err == nil {
			if err = Launch(cmd); err == nil {
				err = Wait(cmd)
			}
		}
	}
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	after, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil || string(after) != string(before) {
		fmt.Printf("the mounts changed (%v):\n%s\nthen:\n%s\n", err, before, after)
		os.Exit(1)
	}
	fmt.Println("same")
	os.Exit(0)
}

// TestChildHasNoCapabilities checks that the command keeps none of the
// capabilities its init holds in its user namespace (it mounts /proc with
// CAP_SYS_ADMIN there), nor root's.
func TestChildHasNoCapabilities(t *testing.T) {
	program := `
caps = dict(l.split(":") for l in open("/proc/self/status") if l.startswith("Cap"))
held = {k: v.strip() for k, v in caps.items() if k != "CapBnd" and int(v, 16)}
assert not held, held
`
	if err, stderr := sandboxed(t, Policy{Writable: []string{t.TempDir()}, Processes: 40}, "-c", program); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
}

// holdSandbox starts a sandboxed python that sleeps with token in its
// arguments, says so on stdout, and waits to be killed.
func holdSandbox(token string) {
	python, err := exec.LookPath("python3")
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	cmd := exec.Command(python, "-c", "import time; time.sleep(60)", token)
	err = Prepare(cmd, Policy{Writable: []string{os.TempDir()}, Processes: 40})
	if err == nil {
		err = Launch(cmd)
	}
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println("started")
	select {}
}

// withArgument lists the processes with arg among their arguments.
func withArgument(arg string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if slices.Contains(strings.Split(string(b), "\x00"), arg) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// TestChildEndsWithItsCaller checks from outside that a sandbox does not
// outlive the process that started it: a caller killed by SIGKILL, which
// runs nothing on its way out, leaves no sandboxed process behind.
func TestChildEndsWithItsCaller(t *testing.T) {
	if err := ProbeChild(Policy{Writable: []string{t.TempDir()}, Processes: 40}); err != nil {
		t.Skip(err)
	}
	token := fmt.Sprintf("cleanexit-hold-%d", os.Getpid())
	caller := exec.Command(os.Args[0])
	caller.Env = append(os.Environ(), "CONFINE_HOLD="+token)
	out, err := caller.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := caller.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "started\n" {
		caller.Process.Kill()
		caller.Wait()
		t.Fatalf("the caller said %q", line)
	}
	for i := 0; len(withArgument(token)) == 0; i++ {
		if i == 100 {
			t.Fatal("the sandboxed python never appeared")
		}
		time.Sleep(20 * time.Millisecond)
	}
	caller.Process.Kill()
	caller.Wait()
	for i := 0; ; i++ {
		left := withArgument(token)
		if len(left) == 0 {
			return
		}
		if i == 100 {
			for _, pid := range left {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Fatalf("processes %v outlived their caller by 2 s", left)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestChildNamesWhatItLeft checks that a sandbox names what its command
// left running, which it killed: a process in a session of its own is
// named; one still in the command's process group is named too, unless
// the caller gave the command a group of its own, which is then killed
// whole, unnamed, as an unconfined interpreter's group is. None is a
// process afterwards, looked for from outside. As root the holder names
// them, as another user the init (run the test binary as nobody).
func TestChildNamesWhatItLeft(t *testing.T) {
	p := Policy{Writable: []string{t.TempDir()}, Processes: 40}
	if err := ProbeChild(p); err != nil {
		t.Skip(err)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	grouped := fmt.Sprintf("cleanexit-left-grouped-%d", os.Getpid())
	detached := fmt.Sprintf("cleanexit-left-detached-%d", os.Getpid())
	program := fmt.Sprintf(`
import os, sys, time
if os.fork() == 0:
    os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(60)", %q])
if os.fork() == 0:
    os.setsid()
    os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(60)", %q])
time.sleep(0.3)
`, grouped, detached)
	for _, c := range []struct {
		setpgid bool
		named   int
	}{{true, 1}, {false, 2}} {
		cmd := exec.Command(python, "-c", program)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: c.setpgid}
		if err := Prepare(cmd, p); err != nil {
			t.Fatal(err)
		}
		if err := Launch(cmd); err != nil {
			t.Fatal(err)
		}
		left, err := WaitLeft(cmd)
		if err != nil {
			t.Fatal(err)
		}
		for _, token := range []string{grouped, detached} {
			if pids := withArgument(token); len(pids) > 0 {
				for _, pid := range pids {
					syscall.Kill(pid, syscall.SIGKILL)
				}
				t.Errorf("%s outlived its command's sandbox: %v", token, pids)
			}
		}
		if len(left) != c.named {
			t.Errorf("Setpgid %v: left %v, want %d", c.setpgid, left, c.named)
		}
		for _, l := range left {
			if !strings.HasPrefix(l.Name, "python") || l.PID <= 1 {
				t.Errorf("Setpgid %v: left %v, want pythons", c.setpgid, l)
			}
		}
	}
}
