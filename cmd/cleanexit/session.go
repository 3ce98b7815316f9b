package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/cleanexit/cleanexit/runner"
)

// inSession calls do with the session the flags and case paths describe,
// under a context that Ctrl-C and SIGTERM cancel, and closes the session
// after: the frame of every command that runs cases but the run command.
func (f *sessionFlags) inSession(cmd string, paths []string, stderr io.Writer, do func(context.Context, *runner.Session) error) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := f.open(ctx, cmd, paths, stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	return do(ctx, s)
}
