//go:build !linux

package script

import (
	"fmt"
	"os/exec"
	"runtime"
)

// NewSandbox refuses: macOS's sandbox-exec is deprecated and its profile
// language undocumented, so cleanexit does not pretend to confine a run
// there. README.md says so.
func NewSandbox() (*Sandbox, error) {
	return nil, fmt.Errorf("--sandbox: not supported on %s (Linux only, with bubblewrap); run without --sandbox", runtime.GOOS)
}

func (sb *Sandbox) wrap(cmd *exec.Cmd, work string) {}

func sandboxed(cmd *exec.Cmd) ([]int, bool) { return nil, false }
