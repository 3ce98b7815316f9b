//go:build !unix

package procgroup

import "os/exec"

func isolate(cmd *exec.Cmd) {}

// kill kills the command alone: there are no process groups to kill.
func kill(cmd *exec.Cmd) { cmd.Process.Kill() }
