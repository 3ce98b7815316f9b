package main

import (
	"context"
	"io"

	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
)

// inSession calls do with the session the flags and case paths describe,
// under a context that Ctrl-C, SIGTERM, SIGHUP and a lost reader of the
// output cancel (command.Interruptible), and closes the session after: the
// frame of every command that runs cases but the run command.
func (f *sessionFlags) inSession(cmd string, paths []string, stderr io.Writer, do func(context.Context, *runner.Session) error) error {
	ctx, stop := command.Interruptible()
	defer stop()
	s, err := f.open(ctx, cmd, paths, stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := do(ctx, s); err != nil || ctx.Err() == nil {
		return err
	}
	return command.Interruption(ctx, command.ErrInterrupted)
}
