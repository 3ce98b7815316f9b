package procgroup

import "os/exec"

// Isolate makes cmd, once started, the leader of a process group of its
// own; for a command from exec.CommandContext, cancelling the context then
// kills that whole group rather than the leader alone.
func Isolate(cmd *exec.Cmd) {
	isolate(cmd)
	if cmd.Cancel != nil { // set by exec.CommandContext, and only there
		cmd.Cancel = func() error {
			Kill(cmd)
			return nil
		}
	}
}

// Kill kills the process group of a command started after Isolate: the
// command itself and whatever it left in its group.
func Kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		kill(cmd)
	}
}
