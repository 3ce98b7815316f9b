package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// sessionFlags are the flags every command that loads a corpus shares.
type sessionFlags struct {
	corpus    string
	findLinks listFlag
	indexURL  string
	extra     listFlag
	noIndex   bool
	filter    string
	filterOut string
	installer string
	checks    string
}

// listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

func (f *sessionFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.corpus, "corpus", envOr("CLEANEXIT_CORPUS", "corpus"), "corpus root for case IDs (env CLEANEXIT_CORPUS)")
	fs.Var(&f.findLinks, "find-links", "a folder or URL of wheels, as pip's --find-links; repeatable (env CLEANEXIT_FIND_LINKS, a path list)")
	fs.StringVar(&f.indexURL, "index-url", os.Getenv("CLEANEXIT_INDEX_URL"), "package index URL (env CLEANEXIT_INDEX_URL)")
	fs.Var(&f.extra, "extra-index-url", "an extra package index URL; repeatable")
	fs.BoolVar(&f.noIndex, "no-index", os.Getenv("CLEANEXIT_NO_INDEX") != "", "use no package index: local sources only (env CLEANEXIT_NO_INDEX)")
	fs.StringVar(&f.filter, "filter", os.Getenv("CLEANEXIT_FILTER"), "run only runs whose ID project/case/variant/python matches this regexp (env CLEANEXIT_FILTER)")
	fs.StringVar(&f.filterOut, "filter-out", os.Getenv("CLEANEXIT_FILTER_OUT"), "skip runs whose ID matches this regexp (env CLEANEXIT_FILTER_OUT)")
	fs.StringVar(&f.installer, "installer", envOr("CLEANEXIT_INSTALLER", "auto"), "auto (uv when on PATH, else pip), pip or uv")
	fs.StringVar(&f.checks, "checks", os.Getenv("CLEANEXIT_CHECKS"), "runtime checks to run every variant under as well, comma-separated: dev-mode (-X dev), malloc-debug (PYTHONMALLOC=debug) (env CLEANEXIT_CHECKS)")
}

// warnings prints what a command survived, such as a rejected interpreter,
// as "cleanexit CMD: warning: …" on stderr.
func warnings(cmd string, stderr io.Writer) func(error) {
	return func(err error) { fmt.Fprintf(stderr, "cleanexit %s: warning: %v\n", cmd, err) }
}

// config turns the flags into a session config.
func (f *sessionFlags) config(args []string) (runner.Config, error) {
	cfg := runner.Config{
		Corpus:    f.corpus,
		Args:      args,
		Installer: f.installer,
		Index: cases.Index{
			URL:       f.indexURL,
			Extra:     f.extra,
			FindLinks: f.findLinks,
			NoIndex:   f.noIndex,
		},
	}
	if env := os.Getenv("CLEANEXIT_FIND_LINKS"); env != "" && len(f.findLinks) == 0 {
		cfg.Index.FindLinks = strings.Split(env, string(os.PathListSeparator))
	}
	switch f.installer {
	case "auto", "pip", "uv":
	default:
		return cfg, fmt.Errorf("--installer: want auto, pip or uv, not %q", f.installer)
	}
	for _, c := range strings.Split(f.checks, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if err := cases.ValidCheck(c); err != nil {
			return cfg, fmt.Errorf("--checks: %v", err)
		}
		cfg.Checks = append(cfg.Checks, c)
	}
	var err error
	if cfg.Filter, err = compile("--filter", f.filter); err != nil {
		return cfg, err
	}
	if cfg.FilterOut, err = compile("--filter-out", f.filterOut); err != nil {
		return cfg, err
	}
	return cfg, nil
}

func compile(flagName, s string) (*regexp.Regexp, error) {
	if s == "" {
		return nil, nil
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, fmt.Errorf("%s: %q is not a regular expression: %v", flagName, s, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	return re, nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envDuration(key string) time.Duration {
	d, _ := time.ParseDuration(os.Getenv(key))
	return d
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
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	shown.SetOutput(fs.Output())
	fs.VisitAll(func(f *flag.Flag) {
		if strings.HasPrefix(f.Usage, internalFlag) {
			return
		}
		shown.Var(f.Value, f.Name, f.Usage)
		shown.Lookup(f.Name).DefValue = f.DefValue
	})
	if hasFlags(shown) {
		fmt.Fprintf(shown.Output(), "\nflags:\n")
		shown.PrintDefaults()
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	found := false
	fs.VisitAll(func(*flag.Flag) { found = true })
	return found
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
	var names []string
	h.fs.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Usage, internalFlag) {
			names = append(names, f.Name)
		}
	})
	if near := suggest.Closest(name, names, 2); near != "" {
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
