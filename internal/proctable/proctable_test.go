package proctable

import (
	"os/exec"
	"strings"
	"testing"
)

// TestMatching: a process started with a marker is seen while it runs, by
// its whole command line, and not once it has been killed and reaped.
func TestMatching(t *testing.T) {
	Require(t)
	marker := Marker(t, "proctable-marker")
	// The shell waits on its stdin, a pipe that stays open: it runs, with
	// the marker as its $0, until it is killed, and starts no child.
	cmd := exec.Command("/bin/sh", "-c", "read line", marker)
	if _, err := cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	got := Matching(marker)
	if len(got) != 1 || !strings.Contains(got[0], "/bin/sh -c") || !strings.Contains(got[0], marker) {
		t.Errorf("Matching(%q) = %q, want the one shell started with it", marker, got)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if got := Matching(marker); len(got) != 0 {
		t.Errorf("after the process was reaped: %q", got)
	}
}
