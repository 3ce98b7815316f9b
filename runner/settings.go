package runner

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/changed"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/override"
	"github.com/cleanexit/cleanexit/internal/selection"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// Settings are a session's settings as a person writes them: the flags of
// `cleanexit run` and the CLEANEXIT_* variables, as text, not yet checked.
// SettingsFromEnv reads the variables; the CLI binds its flags to the
// fields, the variables' values as their defaults; Config checks them and
// makes the session's Config. `cleanexit run` and `go test ./corpus` go
// through the same two functions, so a variable means the same to both.
type Settings struct {
	Corpus     string   // CLEANEXIT_CORPUS
	FindLinks  []string // CLEANEXIT_FIND_LINKS, a path list
	IndexURL   string   // CLEANEXIT_INDEX_URL
	ExtraIndex []string
	NoIndex    bool   // CLEANEXIT_NO_INDEX, non-empty
	Installer  string // CLEANEXIT_INSTALLER: auto, pip or uv
	Checks     string // CLEANEXIT_CHECKS: dev-mode, malloc-debug, comma-separated

	Filter    string // CLEANEXIT_FILTER, a regexp over run IDs
	FilterOut string // CLEANEXIT_FILTER_OUT
	Changed   string // a git revision: only the cases whose files differ from it
	// AllowEmpty: a selection that leaves no run is not an error
	// (CLEANEXIT_ALLOW_EMPTY, non-empty). Without it such a run says what
	// emptied it and fails, never a green "0 runs".
	AllowEmpty bool

	Shard       string   // CLEANEXIT_SHARD, I/N
	Order       string   // CLEANEXIT_ORDER: lexical, random or smart
	Seed        uint64   // CLEANEXIT_SEED, for random
	XFailNot    []string // CLEANEXIT_XFAIL_NOT, ';'-separated; flags add to it
	Unsupported []string // CLEANEXIT_UNSUPPORTED, likewise
	Override    []string // --override NAME=PATH or NAME==VERSION, repeatable
	OverrideAll bool     // --override-all: the cases that pin none of them run too
	Retries     int
	MaxFailures int

	Timeout          time.Duration // CLEANEXIT_TIMEOUT
	Repeat           int
	Backtrace        string // CLEANEXIT_BACKTRACE: off, crash or always
	BacktraceTimeout time.Duration
	Strict           bool
	Verbose          bool
	KeepWork         bool
	Sandbox          bool

	// envProblem is a CLEANEXIT_* variable SettingsFromEnv could not
	// read, for Config to refuse: an unreadable setting is not its default.
	envProblem error
}

// SettingsFromEnv reads the CLEANEXIT_* variables of getenv (os.Getenv
// when nil), with the defaults of a session that is given nothing.
func SettingsFromEnv(getenv func(string) string) Settings {
	if getenv == nil {
		getenv = os.Getenv
	}
	st := Settings{
		Corpus:           or(getenv("CLEANEXIT_CORPUS"), "corpus"),
		IndexURL:         getenv("CLEANEXIT_INDEX_URL"),
		NoIndex:          getenv("CLEANEXIT_NO_INDEX") != "",
		Installer:        or(getenv("CLEANEXIT_INSTALLER"), "auto"),
		Checks:           getenv("CLEANEXIT_CHECKS"),
		Filter:           getenv("CLEANEXIT_FILTER"),
		FilterOut:        getenv("CLEANEXIT_FILTER_OUT"),
		AllowEmpty:       getenv("CLEANEXIT_ALLOW_EMPTY") != "",
		Shard:            getenv("CLEANEXIT_SHARD"),
		Order:            getenv("CLEANEXIT_ORDER"),
		XFailNot:         selection.SplitList(getenv("CLEANEXIT_XFAIL_NOT")),
		Unsupported:      selection.SplitList(getenv("CLEANEXIT_UNSUPPORTED")),
		Backtrace:        getenv("CLEANEXIT_BACKTRACE"),
		BacktraceTimeout: forensics.DefaultTimeout,
	}
	if fl := getenv("CLEANEXIT_FIND_LINKS"); fl != "" {
		st.FindLinks = strings.Split(fl, string(os.PathListSeparator))
	}
	st.Seed, _ = strconv.ParseUint(getenv("CLEANEXIT_SEED"), 10, 64)
	if v := getenv("CLEANEXIT_TIMEOUT"); v != "" {
		var err error
		if st.Timeout, err = cmdflag.ParseDuration(v); err != nil {
			st.envProblem = fmt.Errorf("CLEANEXIT_TIMEOUT: %v", err)
		}
	}
	return st
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// SessionOnly is st without the run control of `cleanexit run` (a
// CLEANEXIT_SHARD, an --order, overrides, limits), for the commands that
// load a corpus to look at every run of it: list, prove, bisect, reduce.
// The backtrace mode stays: every command that runs cases honours it.
func (st Settings) SessionOnly() Settings {
	return Settings{
		Corpus: st.Corpus, FindLinks: st.FindLinks, IndexURL: st.IndexURL, ExtraIndex: st.ExtraIndex,
		NoIndex: st.NoIndex, Installer: st.Installer, Filter: st.Filter, FilterOut: st.FilterOut,
		Checks: st.Checks, Backtrace: st.Backtrace, BacktraceTimeout: st.BacktraceTimeout,
		Override: st.Override, OverrideAll: st.OverrideAll,
	}
}

// Config checks the settings and makes the config of a session over args
// (corpus roots, case files or case IDs). Each error names the flag.
func (st Settings) Config(args []string) (Config, error) {
	if st.envProblem != nil {
		return Config{}, st.envProblem
	}
	cfg := Config{
		Corpus:    st.Corpus,
		Args:      args,
		Installer: st.Installer,
		Index: cases.Index{
			URL:       st.IndexURL,
			Extra:     st.ExtraIndex,
			FindLinks: st.FindLinks,
			NoIndex:   st.NoIndex,
		},
		Order: st.Order,
		Seed:  st.Seed,
		Overrides: selection.Overrides{
			XFailNot:    st.XFailNot,
			Unsupported: st.Unsupported,
			Retries:     st.Retries,
		},
		MaxFailures:      st.MaxFailures,
		Timeout:          st.Timeout,
		Repeat:           st.Repeat,
		Backtrace:        st.Backtrace,
		BacktraceTimeout: st.BacktraceTimeout,
		Strict:           st.Strict,
		Verbose:          st.Verbose,
		KeepWork:         st.KeepWork,
		Sandbox:          st.Sandbox,
	}
	if st.Changed != "" {
		// No Args would mean the whole corpus: when nothing changed, the
		// error is changed.ErrNothing, for the caller to decide.
		var err error
		if cfg.Args, err = changed.Cases(st.Corpus, st.Changed); err != nil {
			return cfg, err
		}
	}
	switch st.Installer {
	case "auto", "pip", "uv":
	default:
		return cfg, fmt.Errorf("--installer: want auto, pip or uv, not %q", st.Installer)
	}
	var err error
	if cfg.Checks, err = parseChecks(st.Checks); err != nil {
		return cfg, err
	}
	if cfg.Filter, err = compileFlag("--filter", st.Filter); err != nil {
		return cfg, err
	}
	if cfg.FilterOut, err = compileFlag("--filter-out", st.FilterOut); err != nil {
		return cfg, err
	}
	if cfg.Builds, err = parseOverrides(st.Override); err != nil {
		return cfg, err
	}
	if cfg.BuildsForAll = st.OverrideAll; st.OverrideAll && len(cfg.Builds) == 0 {
		return cfg, fmt.Errorf("--override-all goes with --override")
	}
	if st.Shard != "" {
		if cfg.Shard, err = selection.ParseShard(st.Shard); err != nil {
			return cfg, err
		}
	}
	return cfg, st.checkRunControl()
}

// parseChecks reads --checks, a comma-separated list of runtime checks.
func parseChecks(s string) ([]string, error) {
	var checks []string
	for _, c := range strings.Split(s, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if err := cases.ValidCheck(c); err != nil {
			return nil, fmt.Errorf("--checks: %v", err)
		}
		checks = append(checks, c)
	}
	return checks, nil
}

// checkRunControl checks the flags that say how the runs run: their
// order, counts and backtraces.
func (st Settings) checkRunControl() error {
	if st.Order != "" && !slices.Contains(selection.Orders, st.Order) {
		return fmt.Errorf("--order: want lexical, random or smart, not %q", st.Order)
	}
	switch {
	case st.Retries < 0 || st.MaxFailures < 0:
		return fmt.Errorf("--retries and --max-failures take a count ≥ 0")
	case st.Retries > cases.MaxRetries:
		return fmt.Errorf("--retries: at most %d, not %d", cases.MaxRetries, st.Retries)
	case st.Repeat < 0 || st.Repeat > cases.MaxRepeat:
		return fmt.Errorf("--repeat: want 1 to %d, not %d", cases.MaxRepeat, st.Repeat)
	}
	if st.Backtrace != "" {
		if err := forensics.ParseMode(st.Backtrace); err != nil {
			return fmt.Errorf("--backtrace: %v", err)
		}
	}
	return nil
}

func compileFlag(flagName, s string) (*regexp.Regexp, error) {
	if s == "" {
		return nil, nil
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, fmt.Errorf("%s: %q is not a regular expression: %v", flagName, s, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	return re, nil
}

// parseOverrides reads the --override flags, relative paths from the
// current directory; one package overridden twice is refused.
func parseOverrides(flags []string) ([]override.Override, error) {
	dir, err := os.Getwd()
	if err != nil && len(flags) > 0 {
		return nil, fmt.Errorf("--override: %v", err)
	}
	var out []override.Override
	for _, f := range flags {
		o, err := override.Parse(f, dir)
		if err != nil {
			return nil, err
		}
		for _, have := range out {
			if have.Name == o.Name {
				return nil, fmt.Errorf("--override: %s is overridden twice (%q and %q)", o.Name, have.Given, o.Given)
			}
		}
		out = append(out, o)
	}
	return out, nil
}
