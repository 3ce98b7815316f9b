//go:build linux && (amd64 || arm64)

package confine

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestAwaitExitLeavesTheChildToReap: awaitExit returns once the child has
// exited, not before, and leaves it a zombie, whose status cmd.Wait then
// reads as it ended.
func TestAwaitExitLeavesTheChildToReap(t *testing.T) {
	if fd, err := unix.PidfdOpen(os.Getpid(), 0); err != nil {
		t.Skipf("no pidfd here (%v): awaitExit returns at once, and cmd.Wait blocks", err)
	} else {
		unix.Close(fd)
	}
	cmd := exec.Command("sh", "-c", "read line; exit 3")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	returned := make(chan struct{})
	go func() {
		awaitExit(cmd.Process.Pid)
		close(returned)
	}()
	select {
	case <-returned:
		t.Fatal("awaitExit returned while the child still runs")
	case <-time.After(100 * time.Millisecond):
	}
	stdin.Close()
	select {
	case <-returned:
	case <-time.After(time.Minute):
		t.Fatal("awaitExit did not return once the child had exited")
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	if fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:])); fields[0] != "Z" {
		t.Errorf("the child is in state %s after awaitExit, want Z: exited, not reaped", fields[0])
	}
	var exit *exec.ExitError
	if err := cmd.Wait(); !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Errorf("cmd.Wait: %v, want exit status 3", err)
	}
}
