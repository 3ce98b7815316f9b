package guard

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/procgroup"
)

// A Command is what to guard, and how.
type Command struct {
	Argv []string // the program and its arguments; the program is looked up in PATH
	Env  []string // its whole environment: the caller's
	Dir  string   // "" is the current directory
	// Timeout stops the command after this long, asking every Python in
	// it for its threads' stacks first; 0 never stops it.
	Timeout time.Duration
	// Backtrace is when the command is repeated under the debugger (a
	// forensics mode); "" is off, since a rerun repeats the whole command.
	Backtrace        string
	BacktraceTimeout time.Duration // bounds the rerun; 0 is forensics.DefaultTimeout

	Stdin          io.Reader
	Stdout, Stderr io.Writer // where the command's output goes, as it is written
}

// An Outcome is a guarded command's end and the verdict on it.
type Outcome struct {
	End
	Verdict
	Duration time.Duration
	// Native is the rerun under the debugger; NoRerun says why there
	// was none.
	Native  *forensics.Native
	NoRerun string
}

// stacksGrace is how long a timed-out command gets to write its stacks
// before its process group is killed.
const stacksGrace = 2 * time.Second

// pipeDrain is how long output may still come through the command's pipes
// after it exited, from a child that inherited them.
const pipeDrain = 250 * time.Millisecond

// Run runs c to its end, or until ctx is done (then its process group is
// killed), and judges it. The error is for a command that could not
// start at all.
func Run(ctx context.Context, c Command) (Outcome, error) {
	if len(c.Argv) == 0 {
		return Outcome{}, errors.New("no command to run")
	}
	if err := forensics.ParseMode(cmp.Or(c.Backtrace, forensics.ModeOff)); err != nil {
		return Outcome{}, fmt.Errorf("--backtrace: %v", err)
	}
	path, err := exec.LookPath(c.Argv[0])
	if err != nil {
		return Outcome{}, err
	}
	env := withFaulthandler(c.Env)
	cmd := exec.Command(path, c.Argv[1:]...)
	cmd.Args[0] = c.Argv[0]
	cmd.Env, cmd.Dir, cmd.Stdin, cmd.Stdout = env, c.Dir, c.Stdin, c.Stdout
	stream := &diagnose.Stream{}
	cmd.Stderr = io.MultiWriter(orDiscard(c.Stderr), stream)
	cmd.WaitDelay = pipeDrain
	procgroup.Isolate(cmd)

	o := Outcome{End: End{Timeout: c.Timeout, GOOS: runtime.GOOS}}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Outcome{}, err
	}
	err = wait(ctx, cmd, c.Timeout, &o.TimedOut)
	o.Duration = time.Since(start)
	o.Status, _ = exitstatus.FromError(err)
	o.Signatures = stream.Signatures()
	o.Verdict = Judge(o.End)
	if o.NoRerun = rerunWanted(c.Backtrace, o.End); o.NoRerun == "" && ctx.Err() == nil {
		n := forensics.Rerun(ctx, forensics.Command{
			Path:    path,
			Args:    c.Argv[1:],
			Env:     env,
			Dir:     c.Dir,
			Timeout: forensics.RerunLimit(c.BacktraceTimeout, o.Duration),
		})
		o.Native = &n
	}
	return o, nil
}

// wait waits for cmd, killing its group when ctx is done. Past timeout it
// first signals the group with SIGABRT, on which faulthandler writes every
// thread's stack, and gives it stacksGrace to do so.
func wait(ctx context.Context, cmd *exec.Cmd, timeout time.Duration, timedOut *bool) error {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case err := <-done:
		procgroup.Kill(cmd) // whatever the command left behind
		return err
	case <-expired:
		*timedOut = true
		askForStacks(cmd)
		select {
		case err := <-done:
			procgroup.Kill(cmd)
			return err
		case <-time.After(stacksGrace):
		case <-ctx.Done():
		}
	case <-ctx.Done():
	}
	procgroup.Kill(cmd)
	return <-done
}

// withFaulthandler turns faulthandler on in every Python the command
// starts, unless the caller set it: a crash then shows its Python stack,
// and a timeout every thread's.
func withFaulthandler(env []string) []string {
	if slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "PYTHONFAULTHANDLER=") }) {
		return env
	}
	return append(slices.Clip(env), "PYTHONFAULTHANDLER=1")
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}
