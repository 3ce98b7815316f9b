package exitwait

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Exited must leave the child to Wait: the exit status is still there.
func TestExitedLeavesTheStatusToWait(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   string
	}{
		{"exit 0", "<nil>"},
		{"exit 3", "exit status 3"},
		{"kill -SEGV $$", "signal: segmentation fault"},
	} {
		cmd := exec.Command("sh", "-c", tc.script)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		Exited(cmd.Process)
		if got := errString(cmd.Wait()); got != tc.want {
			t.Errorf("sh -c %q: Wait after Exited = %s, want %s", tc.script, got, tc.want)
		}
	}
}

// Exited returns only once the child has exited: on Linux it is then a
// zombie, waiting to be reaped, and nothing else.
func TestExitedReturnsOnceTheChildHasExited(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("elsewhere Exited returns at once, by design")
	}
	cmd := exec.Command("sh", "-c", "sleep 0.3; exit 5")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	Exited(cmd.Process)
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	s := string(stat)
	if state := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])[0]; state != "Z" {
		t.Errorf("after Exited the child is in state %s, want Z (exited, not reaped)", state)
	}
	if got := errString(cmd.Wait()); got != "exit status 5" {
		t.Errorf("Wait = %s, want exit status 5", got)
	}
}

// The point of the package: children being waited for hold no thread
// each. With os/exec's Wait alone, every child that is waited for keeps a
// thread in waitid(2), and the runtime starts more threads to run the
// rest.
func TestWaitingHoldsNoThreadPerChild(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("pidfds are Linux's")
	}
	const children = 24
	before := threads(t)
	var cmds []*exec.Cmd
	for range children {
		cmd := exec.Command("sleep", "1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	var wg sync.WaitGroup
	for _, cmd := range cmds {
		wg.Go(func() {
			Exited(cmd.Process)
			cmd.Wait()
		})
	}
	most := 0
	for deadline := time.Now().Add(700 * time.Millisecond); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		most = max(most, threads(t))
	}
	wg.Wait()
	if grew := most - before; grew >= children/2 {
		t.Errorf("waiting for %d children took %d more threads (%d → %d): they are blocked in wait, not parked in the poller", children, grew, before, most)
	}
}

func threads(t *testing.T) int {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	return len(tasks)
}

// errString is Wait's error as the user would see it, "<nil>" for none.
func errString(err error) string { return fmt.Sprint(err) }
