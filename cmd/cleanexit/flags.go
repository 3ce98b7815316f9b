package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/cleanexit/cleanexit/runner"
)

// sessionFlags are the flags every command that loads a corpus shares,
// bound to runner.Settings: a CLEANEXIT_* variable is a flag's default.
type sessionFlags struct {
	runner.Settings
}

// listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// settingsList binds a repeatable flag to a list of runner.Settings that
// may hold a variable's values: the flag's first use replaces them when
// replace is set, else each use adds to them (lit's LIT_XFAIL_NOT and
// --xfail-not add up; --find-links overrides CLEANEXIT_FIND_LINKS).
type settingsList struct {
	list           *[]string
	replace, given bool
}

func (l *settingsList) String() string {
	if l == nil || l.list == nil {
		return ""
	}
	return strings.Join(*l.list, ",")
}

func (l *settingsList) Set(s string) error {
	if l.replace && !l.given {
		*l.list = nil
	}
	l.given = true
	*l.list = append(*l.list, s)
	return nil
}

func (f *sessionFlags) register(fs *flag.FlagSet) {
	f.Settings = runner.SettingsFromEnv(os.Getenv)
	st := &f.Settings
	fs.StringVar(&st.Corpus, "corpus", st.Corpus, "corpus root for case IDs (env CLEANEXIT_CORPUS)")
	fs.Var(&settingsList{list: &st.FindLinks, replace: true}, "find-links", "a folder or URL of wheels, as pip's --find-links; repeatable (env CLEANEXIT_FIND_LINKS, a path list)")
	fs.StringVar(&st.IndexURL, "index-url", st.IndexURL, "package index URL (env CLEANEXIT_INDEX_URL)")
	fs.Var(&settingsList{list: &st.ExtraIndex}, "extra-index-url", "an extra package index URL; repeatable")
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
		return nil, exit(exitUsage, asIs{err})
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

// newFlagSet returns a flag set that reports its errors on stderr, with a
// "did you mean" for a misspelt flag, and whose usage lists the flags a
// user may give: none of the internal ones, and no "flags:" without any.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(flagTypoHints{fs, stderr})
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: cleanexit %s %s\n", name, synopsis)
		printFlags(fs)
	}
	return fs
}

// parse parses a command's flags, wherever they stand among its other
// arguments, and returns those; want, unless negative, is how many there
// must be. Its error ends the command: a usage error, or a met -h.
func parse(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	pos, err := parseInterspersed(fs, args)
	switch {
	case err != nil:
		if err = parseError(err); err == nil {
			err = errHelped
		}
		return nil, err
	case want < 0 || len(pos) == want:
		return pos, nil
	case want == 0:
		return nil, exit(exitUsage, fmt.Errorf("unexpected argument %q", pos[0]))
	}
	fs.Usage()
	return nil, exit(exitUsage, nil)
}

// parseInterspersed parses flags wherever they stand among the case
// paths, as `run CASE --filter X` reads: Go's flag package stops at the
// first argument that is not a flag, and would take "--filter" for a case.
// After "--" every argument is a case path. It returns the case paths.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(paths, rest...), nil
		}
		if len(rest) == 0 {
			return paths, nil
		}
		paths, args = append(paths, rest[0]), rest[1:]
	}
}

// internalFlag starts the usage of a flag that cleanexit passes to itself
// (bisect's --git-step): usage hides it.
const internalFlag = "internal:"

// printFlags prints fs's flags as PrintDefaults does, without the internal
// ones, under a "flags:" heading when there are any.
func printFlags(fs *flag.FlagSet) {
	names := flagNames(fs)
	if len(names) == 0 {
		return
	}
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	shown.SetOutput(fs.Output())
	for _, name := range names {
		f := fs.Lookup(name)
		shown.Var(f.Value, name, f.Usage)
		shown.Lookup(name).DefValue = f.DefValue
	}
	fmt.Fprintf(fs.Output(), "\nflags:\n")
	shown.PrintDefaults()
}

// flagNames are the names of fs's flags but the internal ones.
func flagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Usage, internalFlag) {
			names = append(names, f.Name)
		}
	})
	return names
}

// flagTypoHints is a flag set's output: it adds "did you mean" to the flag
// package's own line about an unknown flag, which is written in one piece.
type flagTypoHints struct {
	fs *flag.FlagSet
	w  io.Writer
}

const undefinedFlag = "flag provided but not defined: -"

func (h flagTypoHints) Write(p []byte) (int, error) {
	name, ok := strings.CutPrefix(strings.TrimSuffix(string(p), "\n"), undefinedFlag)
	if !ok {
		return h.w.Write(p)
	}
	if near := suggest.Closest(name, flagNames(h.fs), 2); near != "" {
		dashes := "--"
		if len(near) == 1 {
			dashes = "-"
		}
		_, err := fmt.Fprintf(h.w, "%s%s (did you mean %s%s?)\n", undefinedFlag, name, dashes, near)
		return len(p), err
	}
	return h.w.Write(p)
}

// splitJobsFlag accepts make's spelling -j2 as well as -j 2: Go's flag
// package would read -j2 as an unknown flag named "j2".
func splitJobsFlag(args []string) []string {
	out := make([]string, 0, len(args)+1)
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && strings.HasPrefix(a, "-j") && strings.Trim(a[2:], "0123456789") == "" {
			out = append(out, "-j", a[2:])
			continue
		}
		out = append(out, a)
	}
	return out
}
