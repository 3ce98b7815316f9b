package script

import (
	"context"
	"io"
	"os"
	"os/exec"
	"time"

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
// interpreter, and copies its stdout and stderr into the two captures.
// Past timeout, it first asks the interpreter for its stacks (see
// askForStacks) and waits until stderr has them — output that then stays
// quiet for a moment — or up to grace, then kills the group. While it
// runs, cmd is known as the interpreter of the run marked marker. wait
// waits for cmd: confine.Wait, or what wraps it.
func runGrouped(ctx context.Context, cmd *exec.Cmd, wait func(*exec.Cmd) error, marker string, timeout, grace time.Duration, stdout, stderr *capture, timedOut *bool) error {
	procgroup.Isolate(cmd)
	out, err := startCaptured(cmd, stdout, stderr)
	if err != nil {
		return err
	}
	forget := runningInterpreter(cmd.Process.Pid, marker)
	done := make(chan error, 1)
	go func() {
		err := wait(cmd) // a sandboxed command's own status, not its init's
		forget()
		// A child that keeps the interpreter's stdout or stderr open
		// must not hold the run: its output gets pipeDrain to finish,
		// then the pipes are closed and the group killed.
		out.drain(pipeDrain)
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

// captured is a started command's stdout and stderr, being copied into
// their captures by a goroutine each.
type captured struct {
	pipes  []*os.File    // the ends cleanexit reads
	copied chan struct{} // a value as each copy ends
}

// startCaptured starts cmd with its stdout and stderr going to pipes of
// cleanexit's own, copied into stdout and stderr: os/exec's copies would
// hold Wait until every process that inherited the pipes let them go.
func startCaptured(cmd *exec.Cmd, stdout, stderr *capture) (*captured, error) {
	c := &captured{copied: make(chan struct{}, 2)}
	var childEnds []*os.File
	// The child has its own copies once started; cleanexit's must go, or
	// the pipes never end.
	defer func() {
		for _, w := range childEnds {
			w.Close()
		}
	}()
	for _, dst := range []*io.Writer{&cmd.Stdout, &cmd.Stderr} {
		r, w, err := os.Pipe()
		if err != nil {
			c.close()
			return nil, err
		}
		c.pipes, childEnds = append(c.pipes, r), append(childEnds, w)
		*dst = w
	}
	if err := startProcess(cmd); err != nil {
		c.close()
		return nil, err
	}
	for i, dst := range []*capture{stdout, stderr} {
		go func() {
			dst.ReadFrom(c.pipes[i])
			c.copied <- struct{}{}
		}()
	}
	return c, nil
}

// drain waits for both copies to reach the ends of their pipes, or up to
// wait, and closes the pipes: a Read still waiting on one then returns.
func (c *captured) drain(wait time.Duration) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for n := 0; n < len(c.pipes); n++ {
		select {
		case <-c.copied:
		case <-timer.C:
			c.close()
			<-c.copied
		}
	}
	c.close()
}

func (c *captured) close() {
	for _, r := range c.pipes {
		r.Close()
	}
}
