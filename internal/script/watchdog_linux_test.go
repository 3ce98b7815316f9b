package script

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
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
