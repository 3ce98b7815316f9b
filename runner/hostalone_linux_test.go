package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/cleanexit/cleanexit/runner/result"
	"golang.org/x/sys/unix"
)

// hostVar, set, makes the test binary the host program of
// TestSessionLeavesItsHostAlone instead of running tests: the testing
// package itself sets GOMAXPROCS, which ends the runtime's automatic
// updates that the host checks.
const hostVar = "CLEANEXIT_TEST_HOST_CORPUS"

func TestMain(m *testing.M) {
	if corpus := os.Getenv(hostVar); corpus != "" {
		os.Exit(host(corpus))
	}
	os.Exit(m.Run())
}

// A program that opens a Session is left as it was: its own child in a
// session of its own survives the session and is its to wait for, GOMAXPROCS
// is untouched during and after (so the runtime's automatic updates still
// follow the CPUs), the process is no subreaper after Close, and the
// descriptors and goroutines the session made are gone.
func TestSessionLeavesItsHostAlone(t *testing.T) {
	corpus := filepath.Join(t.TempDir(), "corpus")
	if err := os.MkdirAll(filepath.Join(corpus, "p"), 0o777); err != nil {
		t.Fatal(err)
	}
	// The case's own escapee, a child in a session of its own, is the
	// session's to kill, adopting orphans or not.
	data := "python esc.py\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/cleanexit/cleanexit/issues/35]\npython: \"3.12\"\n" +
		"-- esc.py --\nimport subprocess\nsubprocess.Popen(['sleep', '60'], start_new_session=True)\n"
	if err := os.WriteFile(filepath.Join(corpus, "p", "esc.txtar"), []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), hostVar+"="+corpus)
	out, err := cmd.CombinedOutput()
	switch {
	case strings.HasPrefix(string(out), "SKIP: "):
		t.Skip(strings.TrimPrefix(string(out), "SKIP: "))
	case err != nil:
		t.Fatalf("the host program: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// host is the host program: it has a child of its own, opens sessions,
// and returns 0 when it finds itself as it was, else 1 saying how not.
func host(corpus string) int {
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	skip := func(why string) int { fmt.Print("SKIP: " + why); return 0 }

	own := exec.Command("sleep", "60")
	own.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := own.Start(); err != nil {
		return skip("cannot start sleep: " + err.Error())
	}
	defer own.Process.Kill()
	procs, fds, goroutines := runtime.GOMAXPROCS(0), openFDs(), runtime.NumGoroutine()
	if subreaperOn() {
		return skip("this process is a subreaper already")
	}
	for _, adopt := range []bool{false, true} {
		s, err := Open(context.Background(), Config{Corpus: corpus, CacheRoot: filepath.Join(filepath.Dir(corpus), "cache"), AdoptOrphans: adopt})
		if err != nil {
			fail("Open: %v", err)
			break
		}
		if got := runtime.GOMAXPROCS(0); got != procs {
			fail("adopt=%v: GOMAXPROCS %d in a session, was %d", adopt, got, procs)
		}
		if subreaperOn() != adopt {
			fail("adopt=%v: the process is a subreaper: %v", adopt, !adopt)
		}
		res := s.RunAll(context.Background(), 1, nil)
		if len(res) != 1 || res[0].Status == result.Unsupported {
			s.Close()
			return skip(fmt.Sprintf("no run of the case here: %+v", res))
		}
		if res[0].Status != result.Pass || !strings.Contains(strings.Join(res[0].Warnings, " "), "sleep") {
			fail("adopt=%v: %s %s %q, want a PASS warning of the sleep it left", adopt, res[0].Status, res[0].Reason, res[0].Warnings)
		}
		s.Close()
		// Adopting, the session takes the host's child in a session of
		// its own for a case's: Config.AdoptOrphans says so. Off, never.
		if !adopt && (own.Process.Signal(syscall.Signal(0)) != nil || zombie(own.Process.Pid)) {
			fail("the host's own child did not survive a session")
		}
		if subreaperOn() {
			fail("adopt=%v: the process is still a subreaper after Close", adopt)
		}
		if got := runtime.GOMAXPROCS(0); got != procs {
			fail("adopt=%v: GOMAXPROCS %d after Close, was %d", adopt, got, procs)
		}
		if got := settleTo(fds, openFDs); got > fds {
			fail("adopt=%v: %d descriptors open after Close, %d before", adopt, got, fds)
		}
		if got := settleTo(goroutines, runtime.NumGoroutine); got > goroutines {
			fail("adopt=%v: %d goroutines after Close, %d before", adopt, got, goroutines)
		}
		if !adopt {
			own.Process.Kill()
			if err := own.Wait(); err == nil || errors.Is(err, syscall.ECHILD) {
				fail("the host's Wait for its own child: %v, want it killed by the host's signal", err)
			}
		}
	}
	if problem := followsAffinity(procs); problem != "" {
		fail("%s", problem)
	}
	if len(problems) > 0 {
		fmt.Println(strings.Join(problems, "\n"))
		return 1
	}
	fmt.Printf("ok: GOMAXPROCS %d throughout and following the CPUs after; %d descriptors, %d goroutines before and after\n", procs, fds, goroutines)
	return 0
}

// followsAffinity says what is wrong, if anything, with the runtime's
// automatic GOMAXPROCS updates, which end for good at the first explicit
// runtime.GOMAXPROCS: limited to one CPU, the process must come to run
// one processor, and back.
func followsAffinity(procs int) string {
	var all unix.CPUSet
	if err := unix.SchedGetaffinity(0, &all); err != nil || all.Count() < 2 {
		return ""
	}
	defer setAffinity(&all)
	var one unix.CPUSet
	for c := 0; c < len(all)*64; c++ {
		if all.IsSet(c) {
			one.Set(c)
			break
		}
	}
	setAffinity(&one)
	if got := settleTo(1, func() int { return runtime.GOMAXPROCS(0) }); got != 1 {
		return fmt.Sprintf("GOMAXPROCS %d on one CPU: the runtime's automatic updates are off", got)
	}
	setAffinity(&all)
	if got := settleTo(-procs, func() int { return -runtime.GOMAXPROCS(0) }); got != -procs {
		return fmt.Sprintf("GOMAXPROCS %d back on every CPU, want %d", -got, procs)
	}
	return ""
}

// setAffinity puts every thread of the process on set.
func setAffinity(set *unix.CPUSet) {
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, task := range tasks {
		tid, _ := strconv.Atoi(task.Name())
		unix.SchedSetaffinity(tid, set)
	}
}

// settleTo waits, generously for a loaded machine, for get to come down to
// want, and returns what it last gave.
func settleTo(want int, get func() int) int {
	got := get()
	for deadline := time.Now().Add(10 * time.Second); got > want && time.Now().Before(deadline); got = get() {
		time.Sleep(20 * time.Millisecond)
	}
	return got
}

func openFDs() int {
	fds, _ := os.ReadDir("/proc/self/fd")
	return len(fds)
}

func subreaperOn() bool {
	var on int32
	syscall.RawSyscall(syscall.SYS_PRCTL, unix.PR_GET_CHILD_SUBREAPER, uintptr(unsafe.Pointer(&on)), 0)
	return on != 0
}

// zombie says whether pid has ended and waits for its parent's wait.
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(f) > 0 && f[0] == "Z"
}

// TestFailedOpenLeavesNoSandbox: an Open that fails after making its
// sandbox (here at an order it does not know) lets go of the sandbox's
// holders, whose processes and pids cgroups would otherwise outlive the
// failure, the cgroups the host process too.
func TestFailedOpenLeavesNoSandbox(t *testing.T) {
	mine := fmt.Sprintf("/sys/fs/cgroup/pids/cleanexit-%d-*", os.Getpid())
	if os.Geteuid() != 0 {
		t.Skip("a sandbox has pids cgroups for root only")
	}
	if _, err := os.Stat("/sys/fs/cgroup/pids/tasks"); err != nil {
		t.Skip("no cgroup v1 pids hierarchy to look in")
	}
	corpus, cache := oneCaseCorpus(t, "-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- x.py --\npass\n")
	s, err := Open(context.Background(), Config{Args: []string{corpus}, CacheRoot: cache, Sandbox: true, Order: "sideways"})
	if err == nil {
		s.Close()
		t.Fatal("Open with an unknown order succeeded")
	}
	if strings.HasPrefix(err.Error(), "--sandbox: ") { // no sandbox on this machine
		t.Skip(err)
	}
	if left, _ := filepath.Glob(mine); len(left) > 0 {
		t.Errorf("after a failed Open (%v), cgroups left: %q", err, left)
	}
}
