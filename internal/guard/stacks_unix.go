//go:build unix

package guard

import (
	"os/exec"
	"syscall"
)

// askForStacks signals the command's whole group: each Python in it, not
// only the first, writes its threads' stacks.
func askForStacks(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGABRT)
	}
}
