package script

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWatchKillsOnlyWhenCallerDied checks the watchdog's three cases on
// real processes: a session that closed (the word, then end of file)
// kills nothing; end of file alone, cleanexit's death, kills every
// process marked with the prefix and leaves one of another prefix; a
// descriptor that is no pipe watches nothing.
func TestWatchKillsOnlyWhenCallerDied(t *testing.T) {
	start := func(marker string) *exec.Cmd {
		cmd := exec.Command("sleep", "30")
		cmd.Env = []string{runMarkerVar + "=" + marker}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if cmd.ProcessState == nil {
				cmd.Process.Kill()
				cmd.Wait()
			}
		})
		return cmd
	}
	// killed says whether cmd died of SIGKILL. watch has returned after
	// a sweep that found nothing, a pause after its kills, so what it
	// killed is a zombie by now.
	killed := func(cmd *exec.Cmd) bool {
		stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", cmd.Process.Pid))
		if _, after, _ := strings.Cut(string(stat), ") "); !strings.HasPrefix(after, "Z") {
			return false
		}
		cmd.Wait()
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		return ws.Signaled() && ws.Signal() == syscall.SIGKILL
	}
	prefix := "4242-" + t.Name()
	for _, c := range []struct {
		name   string
		closed bool
		code   int
		kills  bool
	}{
		{"session closed", true, 0, false},
		{"cleanexit died", false, 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			mine, other := start(prefix+".1"), start("4242-other.1")
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			if c.closed {
				w.Write([]byte{closedWord})
			}
			w.Close()
			if code := watch(r, prefix); code != c.code {
				t.Errorf("watch returned %d, want %d", code, c.code)
			}
			if got := killed(mine); got != c.kills {
				t.Errorf("marked process killed: %v, want %v", got, c.kills)
			}
			if killed(other) {
				t.Error("a process of another prefix was killed")
			}
		})
	}
	t.Run("no pipe", func(t *testing.T) {
		mine := start(prefix + ".2")
		f, err := os.Open(os.DevNull)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if code := watch(f, prefix); code != 2 {
			t.Errorf("watch returned %d, want 2", code)
		}
		if killed(mine) {
			t.Error("killed with no pipe to watch")
		}
	})
}

// TestWatchdogHoldsWhatItIsHanded checks from outside what WatchRuns
// starts: a watchdog that is no child of this process's, that holds the
// descriptor handed to it (here one end of a pipe, whose other end reads
// end of file only once no process holds it), and that ends on stop,
// letting go of it then, without this process waiting.
func TestWatchdogHoldsWhatItIsHanded(t *testing.T) {
	t.Run("through a shell", testWatchdogHolds)
	t.Run("through this program", func(t *testing.T) {
		defer func(sh string) { watchdogShell = sh }(watchdogShell)
		watchdogShell = "/nonexistent/sh"
		testWatchdogHolds(t)
	})
}

func testWatchdogHolds(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	stop := WatchRuns(w) // WatchRuns closes this process's w
	watchdogs := func() []int {
		var pids []int
		names, _ := readProcDir("/proc")
		for _, name := range names {
			env, err := readProc("/proc/" + name + "/environ")
			if err == nil && strings.Contains("\x00"+string(env), "\x00"+watchdogVar+"="+markerPrefix()+"\x00") {
				pid, _ := strconv.Atoi(name)
				pids = append(pids, pid)
			}
		}
		return pids
	}
	pids := watchdogs()
	if len(pids) != 1 {
		stop()
		t.Fatalf("watchdogs of this process: %v, want one", pids)
	}
	stat, _ := readProc(fmt.Sprintf("/proc/%d/stat", pids[0]))
	if p, ok := parseStat(string(stat)); !ok || p.ppid == os.Getpid() {
		t.Errorf("the watchdog is a child of this process's (%+v)", p)
	}
	// Held by the watchdog alone, the pipe's write end is open: a read
	// would wait, so nothing is ready.
	r.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if n, err := r.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the handed end reads %d, %v: the watchdog does not hold it", n, err)
	}
	stop()
	r.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := r.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Fatalf("after stop, the handed end reads %d, %v, want end of file", n, err)
	}
	for i := 0; len(watchdogs()) > 0; i++ {
		if i == 100 {
			t.Fatalf("the watchdog %v outlived stop by 2 s", watchdogs())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
