package runner

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"sync"
	"time"

	"github.com/cleanexit/cleanexit/internal/cache"
	"github.com/cleanexit/cleanexit/internal/envs"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/internal/override"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/internal/script"
	"github.com/cleanexit/cleanexit/internal/selection"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

// Config is everything a session is told from outside: flags, environment.
type Config struct {
	Corpus string   // corpus root used when Args name no directory; default "corpus"
	Args   []string // corpus roots, case files, or case IDs ("mlir", "mlir/context-shutdown")

	Index     cases.Index // --index-url, --find-links, --no-index
	CacheRoot string      // "" means cache.Default
	Installer string      // auto, pip, uv

	Filter    *regexp.Regexp // keep runs whose ID matches
	FilterOut *regexp.Regexp // drop runs whose ID matches
	Timeout   time.Duration  // overrides every case's timeout when > 0
	Repeat    int            // overrides every case's repeat when > 0
	Strict    bool
	Verbose   bool
	KeepWork  bool
	// Sandbox confines each script, and starts each process it starts in
	// a sandbox of its own (internal/confine); corpus.yaml's sandbox: true
	// does too. The sandbox's init is this program's own executable
	// started again: internal/confine's init function takes it over, so
	// a program that runs sessions must link that package (any that
	// imports runner does) and must not change what os.Executable names.
	Sandbox bool

	// AdoptOrphans makes this process a child subreaper while the session
	// is open (Linux), so that a case's process that detached into a
	// session of its own, its parent gone, is still found and killed when
	// its run ends. It is process-wide, and every direct child of the
	// process in another session is then taken for a case's: a program
	// with such children of its own leaves it off, and gets containment by
	// process group and by the runs' marker alone. The CLI and the corpus
	// tests turn it on. It also starts a watchdog process (Linux) that
	// kills the runs' processes if this process dies before their end,
	// SIGKILL included (see internal/script's WatchRuns); it is no child of
	// this process's, and holds the session's file watcher until it ends
	// on Close, so that the kernel's teardown of the watcher (0.3-20 ms)
	// is not Close's to wait for.
	AdoptOrphans bool

	// Backtrace overrides every case's backtrace: (off, crash, always)
	// when set; BacktraceTimeout bounds each rerun under the debugger.
	Backtrace        string
	BacktraceTimeout time.Duration

	// Checks are runtime checks (dev-mode, malloc-debug) every declared
	// variant of every case is also run under, as variants of their own.
	Checks []string

	// Overrides change expectations from outside (--xfail-not,
	// --unsupported, --retries); Shard keeps one part of the runs; Order
	// sorts them (lexical, random, smart; "" keeps the plan's order) and
	// Seed seeds random, 0 meaning Open picks one and keeps it here.
	Overrides selection.Overrides
	// Builds replace the pins of the packages they name (--override), and
	// keep only the runs that pin one.
	Builds []override.Override
	// BuildsForAll keeps the runs that pin none of them too (--override-all).
	BuildsForAll bool
	Shard        selection.ShardSpec
	Order        string
	Seed         uint64

	// MaxFailures, when > 0, stops RunAll from starting runs once this
	// many have failed (lit's --max-failures); runs already going finish.
	MaxFailures int
	// Started, when set, is called as RunAll starts executing a run, from
	// the worker that runs it: a progress display's "running now".
	Started func(*plan.Run)

	Getenv func(string) string // the caller's environment; default os.Getenv

	// Warn, when set, receives each problem Open survives, once: an
	// interpreter that was rejected (a CLEANEXIT_PYTHONS entry that does
	// not exist, is not a python, or hangs) with the reason.
	Warn func(error)
}

// A Session is one loaded corpus, planned on this host.
type Session struct {
	Config
	Cases        []*cases.Case
	Interpreters []*toolchains.Interpreter
	Host         *toolchains.Host
	Runs         []*plan.Run
	// Planned is how many runs the cases expand to on this host, Pinning
	// how many of them pin a package --override replaces (all, without
	// one), Filtered how many of those --filter kept, and Selected how
	// many --filter-out left, so that a selection that leaves nothing can
	// say which step emptied it (see NothingToRun).
	Planned, Pinning, Filtered, Selected int
	Cache                                *envs.Cache
	CacheDir                             cache.Dir // where everything cached lives; ask it for paths
	// features answers every feature name, for the plan and the
	// scripts alike; the costly ones are probed when first asked.
	features *toolchains.Features

	// workdirs lends runs their $WORK (see script.Workdirs); Close
	// removes them.
	workdirs *script.Workdirs

	// untouched is what no run may change: the corpus, HOME's dotfiles.
	untouched *untouched
	// libraries is what no run may change either: the standard library
	// of each interpreter the runs use.
	libraries *libraries
	// watcher reports changes in the corpus and the environments handed
	// out (internal/fswatch); nil where the kernel has none to give.
	watcher *fswatch.Watcher
	// stopAdopting ends what AdoptOrphans asked for.
	stopAdopting func()
	// asking counts the questions to the index under way beside a build
	// (see buildAsking): Close waits for them.
	asking sync.WaitGroup
	// silent are the sites off the index that did not answer a build.
	silent silentSites

	// sandbox, when --sandbox or corpus.yaml asks for one, confines every
	// run's python and exec commands.
	sandbox *script.Sandbox
}

// Open loads the cases the config names, discovers interpreters and host
// features, and expands the plan. A case that fails to load is an error of
// the whole session: the message is every problem, at file:line. It changes
// nothing process-wide in the caller but what Config.AdoptOrphans asks for.
func Open(ctx context.Context, cfg Config) (*Session, error) {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	if cfg.Corpus == "" {
		cfg.Corpus = "corpus"
	}
	if len(cfg.Index.FindLinks) > 0 {
		// pip runs elsewhere: a relative --find-links or CLEANEXIT_FIND_LINKS
		// means the folder as seen from here.
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("find-links: %v", err)
		}
		cfg.Index.FindLinks = cases.ResolveFindLinks(cfg.Index.FindLinks, wd)
	}
	if cfg.Backtrace != "" {
		if err := forensics.ParseMode(cfg.Backtrace); err != nil {
			return nil, fmt.Errorf("backtrace (--backtrace, CLEANEXIT_BACKTRACE): %v", err)
		}
	}
	s := &Session{Config: cfg, workdirs: &script.Workdirs{}}
	var err error
	s.CacheDir = cache.Dir(cfg.CacheRoot)
	if s.CacheDir == "" {
		s.CacheDir, err = cache.Default(cfg.Getenv)
		if err != nil {
			return nil, err
		}
	}
	// Finding interpreters does not depend on the cases: it runs while
	// they load, which took about as long (4-5 ms and 2-4 ms of a
	// 50-case session's fixed cost). Where Open fails, it is cancelled.
	dctx, cancelDiscovery := context.WithCancel(ctx)
	defer cancelDiscovery()
	type found struct {
		interpreters []*toolchains.Interpreter
		err          error
	}
	discovered := make(chan found, 1)
	// An interpreter not identified before is identified only if a case
	// could select its version (plan.Wants), which is known once the cases
	// are loaded.
	var wants func(major, minor int) bool
	loaded := make(chan struct{})
	wanted := func(major, minor int) bool {
		select {
		case <-loaded:
			return wants(major, minor)
		case <-dctx.Done():
			return true
		}
	}
	go func() {
		in, err := toolchains.Discover(dctx, toolchains.Options{Getenv: cfg.Getenv, CacheDir: s.CacheDir.Identities(), Warn: cfg.Warn, Wanted: wanted})
		discovered <- found{in, err}
	}()
	// The sandbox's probe starts the session's first holder (about 3 ms)
	// and the watchdog its process: where --sandbox and AdoptOrphans ask
	// for them, they start while the cases load. What a failed Open
	// started, it ends.
	opened := false
	// One watcher for the session's trees (internal/fswatch), which the
	// watchdog holds too: the kernel's teardown of it, which waits for a
	// grace period, is then the watchdog's, after Close.
	s.watcher, _ = fswatch.New()
	var adopting chan func()
	if cfg.AdoptOrphans {
		var hold []*os.File
		if f, err := s.watcher.Share(); err == nil {
			hold = append(hold, f)
		}
		adopting = make(chan func(), 1)
		go func() {
			// The watchdog first: it is never a child of the subreaper's.
			stopWatching := script.WatchRuns(hold...)
			stopAdopting := script.AdoptOrphans()
			adopting <- func() { stopWatching(); stopAdopting() }
		}()
	}
	var probing <-chan probed
	if cfg.Sandbox {
		probing = probeSandbox()
	}
	// The probe's goroutine, and the watchdog's, start their processes
	// now, which then come up beside the loading of the cases: queued
	// behind the loaders, which take both processors, they started 1 to 5
	// ms late, and the probe was often the last thing Open waited for.
	runtime.Gosched()
	var watched chan *untouched
	defer func() {
		if opened {
			return
		}
		if watched != nil {
			<-watched
		}
		if probing != nil {
			s.sandbox = (<-probing).sandbox
		}
		if s.sandbox != nil {
			s.sandbox.Close() // its holders, processes with cgroups
		}
		if adopting != nil {
			(<-adopting)()
		}
		s.watcher.Close()
	}()
	suite, cs, err := cases.LoadArgs(cfg.Corpus, cfg.Args)
	if err != nil {
		return nil, err
	}
	wants = plan.Wants(cs, suite)
	close(loaded)
	for _, name := range cfg.Checks {
		if err := cases.ValidCheck(name); err != nil {
			return nil, fmt.Errorf("checks (--checks, CLEANEXIT_CHECKS): %v", err)
		}
	}
	for _, c := range cs {
		c.AddChecks(cfg.Checks)
	}
	s.Cases = cs
	// The trees are walked, hashed and watched while the runs are planned
	// (1.2 ms and 0.8 ms of a 50-case session's fixed cost); the first run
	// starts after both.
	watched = make(chan *untouched, 1)
	go func() { watched <- watchUntouched(cs, cfg.Getenv("HOME"), s.watcher) }()
	if probing == nil && suite.Sandbox {
		probing = probeSandbox()
	}
	s.Cache = &envs.Cache{Root: s.CacheDir.Environments(), Getenv: cfg.Getenv, Installer: cfg.Installer, Watcher: s.watcher}
	d := <-discovered
	if s.Interpreters = d.interpreters; d.err != nil && len(s.Interpreters) == 0 {
		return nil, fmt.Errorf("finding interpreters: %w", d.err)
	}
	// The compiler is probed when a case asks for cc (see
	// toolchains.Features): compiling a test program was most of a
	// session's fixed cost.
	s.Host = toolchains.DetectHost(ctx, toolchains.Options{Getenv: cfg.Getenv, LazyCompiler: true})
	s.features = toolchains.NewFeatures(s.Host, toolchains.FeatureOptions{Index: indexToProbe(cfg), Python: toolchains.RequestPython(s.Interpreters), Getenv: cfg.Getenv, Context: ctx, CacheDir: s.CacheDir.Identities()})
	runs := plan.Expand(cs, plan.Config{
		Interpreters: s.Interpreters,
		Features:     s.features,
		Suite:        suite,
		Index:        cfg.Index,
		Built:        func(r *plan.Run) bool { return s.Cache.Holds(envSpec(r)) },
		DeferIndex:   true,
	})
	if err := s.selectRuns(runs); err != nil {
		return nil, err
	}
	// The interpreters' libraries are watched beside the corpus, which
	// may still be being hashed (about 1.5 ms for one interpreter's).
	libs := make(chan *libraries, 1)
	go func() { libs <- watchLibraries(s.Runs, s.watcher) }()
	if probing != nil {
		p := <-probing
		probing = nil
		if s.sandbox = p.sandbox; p.err != nil {
			err := p.err
			if !cfg.Sandbox {
				err = fmt.Errorf("%s (asked for by sandbox: true in %s)", err, cases.SuiteFile)
			}
			<-libs
			return nil, err
		}
	}
	s.untouched, s.libraries = <-watched, <-libs
	if adopting != nil {
		s.stopAdopting = <-adopting
	}
	opened = true
	return s, nil
}

// probed is the sandbox's probe's answer (script.NewSandbox).
type probed struct {
	sandbox *script.Sandbox
	err     error
}

// probeSandbox probes the sandbox on a goroutine of its own.
func probeSandbox() <-chan probed {
	c := make(chan probed, 1)
	go func() {
		sb, err := script.NewSandbox()
		c <- probed{sb, err}
	}()
	return c
}

// Close lets go of the session's watchers and environments and removes the
// work folders its runs used. Runs must be over, and none starts after
// Close; what the session recorded (Document, RecordTimes) can still be
// asked. After Close the process holds no descriptor or goroutine the
// session made. Close may be called more than once.
//
// What it lets go of, it lets go of at once: the kernel's teardown of the
// watcher waits for a grace period (0.3 to 20 ms), during which the work
// folders are removed and the holders and the watchdog end (2-3 ms).
func (s *Session) Close() error {
	s.asking.Wait()
	var wg sync.WaitGroup
	wg.Go(func() { s.watcher.Close() })
	if s.stopAdopting != nil {
		wg.Go(s.stopAdopting)
	}
	if s.sandbox != nil {
		wg.Go(s.sandbox.Close)
	}
	if s.Cache != nil {
		s.Cache.Close()
	}
	var err error
	if s.workdirs != nil {
		err = s.workdirs.Close()
	}
	wg.Wait()
	return err
}

// indexToProbe is the index whose answer decides the `network` feature:
// the runner's, else the user's pip or uv configuration, else PyPI.
func indexToProbe(cfg Config) string {
	for _, u := range []string{cfg.Index.URL, cfg.Getenv("PIP_INDEX_URL"), cfg.Getenv("UV_DEFAULT_INDEX"), cfg.Getenv("UV_INDEX_URL")} {
		if u != "" {
			return u
		}
	}
	return "https://pypi.org/simple/"
}
