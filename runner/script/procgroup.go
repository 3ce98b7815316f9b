package script

import (
	"context"
	"errors"
	"os/exec"
	"time"

	"github.com/cleanexit/cleanexit/internal/exitwait"
	"github.com/cleanexit/cleanexit/internal/procgroup"
)

// stacksQuiet is how long stderr must stay quiet after the stacks begin
// before the dump is taken as complete: faulthandler writes it in one go.
const stacksQuiet = 150 * time.Millisecond

// pipeDrain is how long output may still come through the interpreter's
// pipes after it exited, from a child that inherited them.
const pipeDrain = 250 * time.Millisecond

// runGrouped runs cmd in a process group of its own, so that a timeout or
// a cancelled run kills everything the case started, not only the
// interpreter. Past timeout, it first asks the interpreter for its stacks
// (see askForStacks) and waits until stderr has them — output that then
// stays quiet for a moment — or up to grace, then kills the group. While
// it runs, cmd is known as the interpreter of the run marked marker.
func runGrouped(ctx context.Context, cmd *exec.Cmd, marker string, timeout, grace time.Duration, stderr *capture, timedOut *bool) error {
	procgroup.Isolate(cmd)
	// A child that keeps the interpreter's stdout or stderr open must not
	// hold the run: once the interpreter has exited, its output gets
	// pipeDrain to finish, then the pipes are closed and the group killed.
	cmd.WaitDelay = pipeDrain
	if err := cmd.Start(); err != nil {
		return err
	}
	forget := runningInterpreter(cmd.Process.Pid, marker)
	done := make(chan error, 1)
	go func() {
		exitwait.Exited(cmd.Process) // see internal/exitwait: Wait alone costs CPU
		err := cmd.Wait()
		forget()
		if errors.Is(err, exec.ErrWaitDelay) {
			err = nil // the interpreter exited 0; a child held the pipes
		}
		done <- err
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case err := <-done:
		procgroup.Kill(cmd) // anything the interpreter left behind
		return err
	case <-timer.C:
		*timedOut = true
		before, _ := stderr.progress()
		askForStacks(cmd)
		deadline := time.Now().Add(grace)
		tick := time.NewTicker(25 * time.Millisecond)
		defer tick.Stop()
	wait:
		for time.Now().Before(deadline) {
			select {
			case err := <-done:
				procgroup.Kill(cmd)
				return err
			case <-tick.C:
				if n, last := stderr.progress(); n > before && time.Since(last) >= stacksQuiet {
					break wait
				}
			}
		}
	case <-ctx.Done():
	}
	procgroup.Kill(cmd)
	return <-done
}
