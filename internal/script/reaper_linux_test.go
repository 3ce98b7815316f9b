package script

import (
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestParseStat: the reaper's process is procstat's, with its start time
// read as a time since boot.
func TestParseStat(t *testing.T) {
	got, ok := parseStat("4711 (python3.12) S 4700 4711 4700 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 12345 0 0")
	want := process{pid: 4711, ppid: 4700, sid: 4700, name: "python3.12", age: 12345 * time.Second / clockTicks}
	if !ok || got != want {
		t.Errorf("parseStat = %+v, %v; want %+v", got, ok, want)
	}
}

// TestOtherRunsInterpreterUnread: a sweep leaves another run's running
// interpreter, and what is below it, unread; once that interpreter is
// forgotten, the same tree is read again.
func TestOtherRunsInterpreterUnread(t *testing.T) {
	t.Cleanup(AdoptOrphans())
	if !subreaper.ok.Load() {
		t.Skip("no child subreaper here")
	}
	mine, other := newRunMarker(), newRunMarker()
	// The other run's interpreter, with a child that carries this run's
	// marker: only a case could plant it there, and only the other
	// run's sweep is to find it.
	cmd := exec.Command("sh", "-c", runMarkerVar+"="+mine+" sleep 30 & wait")
	cmd.Env = append(os.Environ(), runMarkerVar+"="+other)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // killed as a group at the end
	if err := cmd.Start(); err != nil {
		t.Skip("cannot start sh:", err)
	}
	sleep := 0
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		if sleep != 0 { // reparented to this process, the subreaper
			var ws syscall.WaitStatus
			syscall.Wait4(sleep, &ws, 0, nil)
		}
	})
	found := func() bool {
		for _, p := range runProcesses(mine, false) {
			if p.name == "sleep" {
				sleep = p.pid
				return true
			}
		}
		return false
	}
	deadline := time.Now().Add(5 * time.Second)
	for !found() {
		if time.Now().After(deadline) {
			t.Fatal("the marked sleep never showed up below the unregistered interpreter")
		}
		time.Sleep(10 * time.Millisecond)
	}
	forget := runningInterpreter(cmd.Process.Pid, other)
	if found() {
		t.Error("the sweep read below another run's interpreter")
	}
	forget()
	if !found() {
		t.Error("once forgotten, the interpreter's tree is not read")
	}
}

// TestMarkerIn reads the run marker out of an environment as /proc gives
// it, with a NUL put before it.
func TestMarkerIn(t *testing.T) {
	tests := []struct {
		env    string
		want   string
		marked bool
	}{
		{"\x00CLEANEXIT_RUN=12.3\x00PATH=/bin\x00", "12.3", true},
		{"\x00PATH=/bin\x00CLEANEXIT_RUN=12.3+build\x00", "12.3+build", true},
		{"\x00PATH=/bin\x00CLEANEXIT_RUN=12.3", "12.3", true}, // no NUL at the end
		{"\x00CLEANEXIT_RUN=1\x00CLEANEXIT_RUN=2\x00", "1", true},
		{"\x00XCLEANEXIT_RUN=12.3\x00", "", false},
		{"\x00PATH=/bin\x00", "", false},
		{"\x00CLEANEXIT_RUN=\x00", "", true},
	}
	for _, tt := range tests {
		got, marked := markerIn([]byte(tt.env))
		if got != tt.want || marked != tt.marked {
			t.Errorf("markerIn(%q) = %q, %v; want %q, %v", tt.env, got, marked, tt.want, tt.marked)
		}
	}
}

// TestOrphansGoToTheMainThread checks the kernel's rule that the final
// sweep and the orphan reaping rely on (adoptedChildren): an orphan goes
// to the subreaper's main thread, not to the thread that started its
// parent, even while that thread still runs.
func TestOrphansGoToTheMainThread(t *testing.T) {
	t.Cleanup(AdoptOrphans())
	if !subreaper.ok.Load() {
		t.Skip("no child subreaper here")
	}
	started := make(chan int)
	release := make(chan struct{})
	var start func()
	start = func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if unix.Gettid() == os.Getpid() {
			// Held here, the main thread runs no other goroutine: the
			// next one starts elsewhere.
			done := make(chan struct{})
			go func() { start(); close(done) }()
			<-done
			return
		}
		// sh starts sleep in a session of its own, says its pid, and exits:
		// sleep is an orphan while this thread goes on.
		cmd := exec.Command("sh", "-c", "setsid sleep 30 </dev/null >/dev/null 2>&1 & echo $!")
		out, err := cmd.Output()
		if err != nil {
			t.Error(err)
			started <- 0
			return
		}
		pid, _ := strconv.Atoi(strings.TrimSpace(string(out)))
		started <- pid
		<-release
	}
	go start()
	pid := <-started
	defer close(release)
	if pid == 0 {
		return
	}
	defer func() {
		syscall.Kill(pid, syscall.SIGKILL)
		syscall.Wait4(pid, nil, 0, nil)
	}()
	for i := 0; ; i++ {
		kids, ok := adoptedChildren()
		if !ok {
			t.Skip("no lists of children here")
		}
		if slices.Contains(kids, pid) {
			return
		}
		if i == 100 {
			all, _ := cleanexitsChildren()
			t.Fatalf("the orphan %d is not among the main thread's children %v (all: %v)", pid, kids, all)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
