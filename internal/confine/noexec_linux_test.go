//go:build linux && (amd64 || arm64)

package confine

import (
	"errors"
	"os/exec"
	"syscall"
	"testing"
)

// TestNoExec checks that a thread confined with NoExec starts no
// program: what it started would share its Landlock domain.
func TestNoExec(t *testing.T) {
	if err := Probe(); err != nil {
		t.Skip(err)
	}
	var err error
	if cerr := Run(Policy{Writable: []string{t.TempDir()}, NoExec: true}, func() { err = exec.Command("/bin/true").Run() }); cerr != nil {
		t.Fatal(cerr)
	}
	if !errors.Is(err, syscall.EPERM) {
		t.Fatalf("a program started from a NoExec thread: %v, want EPERM", err)
	}
	if err := exec.Command("/bin/true").Run(); err != nil {
		t.Fatalf("the caller's own threads start programs still: %v", err)
	}
}
