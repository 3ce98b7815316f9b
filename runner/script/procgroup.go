package script

import (
	"context"
	"os/exec"
	"time"
)

// runGrouped runs cmd in a process group of its own, so that a timeout or
// a cancelled run kills everything the case started, not only the
// interpreter. Past timeout, it first asks the interpreter for its stacks
// (see askForStacks), waits up to grace, then kills the group.
func runGrouped(ctx context.Context, cmd *exec.Cmd, timeout, grace time.Duration, timedOut *bool) error {
	setGroup(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case err := <-done:
		killGroup(cmd) // anything the interpreter left behind
		return err
	case <-timer.C:
		*timedOut = true
		askForStacks(cmd)
		select {
		case err := <-done:
			killGroup(cmd)
			return err
		case <-time.After(grace):
		}
	case <-ctx.Done():
	}
	killGroup(cmd)
	return <-done
}
