//go:build unix

package forensics

import (
	"os/exec"
	"syscall"
)

// killGroup makes the debugger the leader of its own process group, and
// a cancelled rerun kill the group: the debugger and the program it runs.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
