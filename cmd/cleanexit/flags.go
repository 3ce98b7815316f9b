package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/runner"
)

// sessionFlags are the flags every command that loads a corpus shares,
// bound to runner.Settings: a CLEANEXIT_* variable is a flag's default.
type sessionFlags struct {
	runner.Settings
}

func (f *sessionFlags) register(fs *flag.FlagSet) {
	f.Settings = runner.SettingsFromEnv(os.Getenv)
	st := &f.Settings
	fs.StringVar(&st.Corpus, "corpus", st.Corpus, "corpus root for case IDs (env CLEANEXIT_CORPUS)")
	fs.Var(cmdflag.Over(&st.FindLinks, true), "find-links", "a folder or URL of wheels, as pip's --find-links; repeatable (env CLEANEXIT_FIND_LINKS, a path list)")
	fs.StringVar(&st.IndexURL, "index-url", st.IndexURL, "package index URL (env CLEANEXIT_INDEX_URL)")
	fs.Var(cmdflag.Over(&st.ExtraIndex, false), "extra-index-url", "an extra package index URL; repeatable")
	fs.BoolVar(&st.NoIndex, "no-index", st.NoIndex, "use no package index: local sources only (env CLEANEXIT_NO_INDEX)")
	fs.StringVar(&st.Filter, "filter", st.Filter, "run only runs whose ID project/case/variant/python matches this regexp (env CLEANEXIT_FILTER)")
	fs.StringVar(&st.FilterOut, "filter-out", st.FilterOut, "skip runs whose ID matches this regexp (env CLEANEXIT_FILTER_OUT)")
	fs.StringVar(&st.Installer, "installer", st.Installer, "auto (uv when on PATH, else pip), pip or uv")
	fs.StringVar(&st.Checks, "checks", st.Checks, "runtime checks to run every variant under as well, comma-separated: dev-mode (-X dev), malloc-debug (PYTHONMALLOC=debug) (env CLEANEXIT_CHECKS)")
}

// open is the preamble of every command that loads a corpus: the session
// the flags and case paths describe, its warnings on stderr. An error is a
// usage error; a corpus that fails to load says every problem at file:line.
func (f *sessionFlags) open(ctx context.Context, cmd string, paths []string, stderr io.Writer) (*runner.Session, error) {
	cfg, err := f.config(paths)
	if err != nil {
		return nil, exit(exitUsage, err)
	}
	return openSession(ctx, cfg, cmd, stderr)
}

// openSession opens the session of cfg, its warnings on stderr.
func openSession(ctx context.Context, cfg runner.Config, cmd string, stderr io.Writer) (*runner.Session, error) {
	cfg.Warn = warnings(cmd, stderr)
	s, err := runner.Open(ctx, cfg)
	if err != nil {
		return nil, exit(exitUsage, asIs(err))
	}
	return s, nil
}

// config is the session config of a command that takes only the session
// flags: the run control of `cleanexit run` does not apply to it.
func (f *sessionFlags) config(args []string) (runner.Config, error) {
	return f.Settings.SessionOnly().Config(args)
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
