package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
)

// sessionFlags are the flags every command that loads a corpus shares,
// bound to runner.Settings: a CLEANEXIT_* variable is a flag's default.
type sessionFlags struct {
	runner.Settings
}

func (f *sessionFlags) register(fs *flag.FlagSet) {
	f.Settings = runner.SettingsFromEnv(os.Getenv)
	f.Settings.AddSessionFlags(fs)
}

// open is the preamble of every command that loads a corpus: the session
// the flags and case paths describe, its warnings on stderr. An error is a
// usage error; a corpus that fails to load says every problem at file:line.
func (f *sessionFlags) open(ctx context.Context, cmd string, paths []string, stderr io.Writer) (*runner.Session, error) {
	// The run control of `cleanexit run` does not apply here.
	cfg, err := f.Settings.SessionOnly().Config(paths)
	if err != nil {
		return nil, command.Exit(command.UsageError, err)
	}
	return openSession(ctx, cfg, cmd, stderr)
}

// openSession opens the session of cfg, its warnings on stderr.
func openSession(ctx context.Context, cfg runner.Config, cmd string, stderr io.Writer) (*runner.Session, error) {
	cfg.Warn = warnings(cmd, stderr)
	// Process-wide, and the CLI's to ask for: cleanexit has no child of
	// its own that a case's orphan could be taken for.
	cfg.AdoptOrphans = true
	s, err := runner.Open(ctx, cfg)
	switch {
	case err != nil && ctx.Err() != nil:
		// Stopped while finding interpreters or loading: no usage error.
		return nil, command.Interruption(ctx, command.ErrInterrupted)
	case err != nil:
		return nil, command.Exit(command.UsageError, command.AsIs(err))
	}
	return s, nil
}

// corpusFlag registers --corpus alone, for the commands that read cases
// but plan no run; its default is the session's.
func corpusFlag(fs *flag.FlagSet, p *string, usage string) {
	fs.StringVar(p, "corpus", runner.SettingsFromEnv(os.Getenv).Corpus, usage+" (env CLEANEXIT_CORPUS)")
}

// warnings prints what a command survived, such as a rejected interpreter,
// as "cleanexit CMD: warning: …" on stderr.
func warnings(cmd string, stderr io.Writer) func(error) {
	return func(err error) { fmt.Fprintf(stderr, "cleanexit %s: warning: %v\n", cmd, err) }
}
