//go:build unix

package script

import (
	"os/exec"
	"syscall"
)

// askForStacks sends SIGABRT to the interpreter alone (not its group).
// python runs with -X faulthandler, whose handler for SIGABRT writes every
// thread's stack before the process dies: the stacks cost nothing until
// they are asked for, where a handler registered at start (a .pth hook
// on SIGUSR1) cost every interpreter start of every run.
func askForStacks(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Signal(syscall.SIGABRT)
	}
}
