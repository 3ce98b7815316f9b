package toolchains

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
)

// Options configure Discover and DetectHost.
type Options struct {
	// Getenv reads the environment: PATH, HOME, PYENV_ROOT, XDG_DATA_HOME,
	// UV_PYTHON_INSTALL_DIR, CLEANEXIT_PYTHONS, CC and the variables
	// interpreters are identified with. Nil means os.Getenv.
	Getenv func(string) string

	// CacheDir holds identities.json, the identity cache, and scans.json,
	// what the folders searched held. "" disables both.
	CacheDir string

	// LazyCompiler leaves the "cc" feature out of DetectHost's Host, for a
	// caller that calls ProbeCompiler only when a case asks for cc:
	// compiling and linking a test program costs 30-100 ms, most of the
	// fixed cost of a run of a corpus that builds nothing.
	LazyCompiler bool

	// Wanted, when set, says whether interpreters of version major.minor
	// are worth identifying. An interpreter whose file name gives its
	// version (python3.12, python3.13t, reached through python3 or not)
	// and that no earlier call identified is left out when that version is
	// not wanted: identifying costs a process start (20-40 ms), and a
	// session that asks for one version of eleven need not pay for all.
	// Named interpreters (CLEANEXIT_PYTHONS) are always identified.
	Wanted func(major, minor int) bool

	// GOOS selects the platform's search places ("darwin" adds Homebrew and
	// python.org's framework). "" means runtime.GOOS.
	GOOS string

	// Warn, when set, receives each problem Discover survives: an interpreter
	// that failed to identify, a CLEANEXIT_PYTHONS entry that is not an
	// executable file, an identity cache that could not be written. Each
	// error names the path it is about.
	Warn func(error)

	// run starts processes; nil means runCommand. Tests count runs with it.
	run commandRunner
	// root prefixes the fixed system locations searched on macOS, so that
	// tests can build them in a temporary directory.
	root string
}

// ErrNoInterpreter is the error Discover returns when it finds no usable
// interpreter at all.
var ErrNoInterpreter = errors.New("no Python interpreter found")

// identifyConcurrency bounds how many interpreters are identified at once:
// enough to hide process start-up latency, few enough not to swamp a small
// CI machine.
const identifyConcurrency = 4

// discovery is one Discover call with its Options resolved.
type discovery struct {
	getenv   func(string) string
	goos     string
	root     string
	cacheDir string
	scans    *scanCache // what the folders listed held; nil keeps nothing
	run      commandRunner
	warn     func(error)
	// unsearched are the folders the host could not read for want of
	// resources (too many open files…): what they hold is unknown, not
	// absent.
	unsearched []error
}

func newDiscovery(opts Options) *discovery {
	d := &discovery{
		getenv:   opts.Getenv,
		goos:     opts.GOOS,
		root:     opts.root,
		cacheDir: opts.CacheDir,
		run:      opts.run,
		warn:     opts.Warn,
	}
	if d.getenv == nil {
		d.getenv = os.Getenv
	}
	if d.goos == "" {
		d.goos = runtime.GOOS
	}
	if d.run == nil {
		d.run = runCommand
	}
	if d.warn == nil {
		d.warn = func(error) {}
	}
	return d
}

// located is a candidate that exists, resolved to the file it reaches.
type located struct {
	candidate
	real string
	info os.FileInfo // stat of real
}

// Discover finds the Python interpreters on this machine and identifies
// each once, sorted by version (major, minor, micro), then free-threaded
// builds after the others, debug builds after release ones, then RealPath.
//
// Interpreters reached by several paths are reported once, under the first
// path met in search order: CLEANEXIT_PYTHONS, PATH (shim directories and
// scripts skipped), pyenv, uv, and on macOS Homebrew and python.org.
//
// A candidate that fails to identify is skipped and passed to
// Options.Warn. Discover fails only when nothing usable was found: the
// error wraps ErrNoInterpreter, says where it looked, and joins the
// reasons candidates were skipped.
func Discover(ctx context.Context, opts Options) ([]*Interpreter, error) {
	d := newDiscovery(opts)
	d.scans = loadScanCache(d.cacheDir, d.goos)
	cands, places := d.candidates()
	if err := d.scans.save(); err != nil {
		d.warn(err)
	}
	for _, err := range d.unsearched {
		d.warn(err)
	}
	found := d.locate(cands)

	cache := loadIdentityCache(d.cacheDir)
	results := make([]*Interpreter, len(found))
	failures := make([]error, len(found))
	var misses []int
	for i, f := range found {
		e, ok := cache.lookup(f.real, f.info)
		switch {
		case !ok:
			misses = append(misses, i)
		case e.Interpreter != nil:
			e.Interpreter.Path, e.Interpreter.Source = f.path, f.source
			results[i] = e.Interpreter
		default:
			failures[i] = errors.New(e.Err)
		}
	}

	if opts.Wanted != nil {
		misses = slices.DeleteFunc(misses, func(i int) bool { return unwanted(found[i], opts.Wanted) })
	}
	fresh := d.identifyAll(ctx, found, misses, results, failures)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := saveIdentities(d.cacheDir, fresh); err != nil {
		d.warn(err)
	}

	var out []*Interpreter
	var skipped []error
	for i := range found {
		if results[i] != nil {
			out = append(out, results[i])
		} else if failures[i] != nil {
			skipped = append(skipped, failures[i])
			d.warn(failures[i])
		}
	}
	sortInterpreters(out)
	if len(out) == 0 {
		var where []string
		for _, p := range places {
			where = append(where, p.what)
		}
		err := fmt.Errorf("%w (searched %s); name interpreters in CLEANEXIT_PYTHONS", ErrNoInterpreter, strings.Join(where, ", "))
		return nil, errors.Join(append(append([]error{err}, d.unsearched...), skipped...)...)
	}
	return out, nil
}

// locate stats every candidate and keeps the first path to each distinct
// executable file. Distinct means a different resolved path and, where the
// platform has inodes, a different device and inode (hard links such as
// python3.7 and python3.7m are one file).
func (d *discovery) locate(cands []candidate) []located {
	seenReal := map[string]bool{}
	seenID := map[fileID]bool{}
	var found []located
	for _, c := range cands {
		fi, err := os.Stat(c.path)
		if err != nil {
			if c.explicit {
				d.warn(fmt.Errorf("CLEANEXIT_PYTHONS entry %s: %w", c.path, err))
			}
			continue
		}
		if !fi.Mode().IsRegular() || (d.goos != "windows" && fi.Mode().Perm()&0o111 == 0) {
			if c.explicit {
				d.warn(fmt.Errorf("CLEANEXIT_PYTHONS entry %s: not an executable file", c.path))
			}
			continue
		}
		id, hasID := fileIdentity(fi)
		if hasID && seenID[id] {
			continue
		}
		abs, err := filepath.Abs(c.path)
		if err != nil {
			continue
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil || seenReal[real] {
			continue
		}
		seenReal[real] = true
		if hasID {
			seenID[id] = true
		}
		c.path = abs
		found = append(found, located{candidate: c, real: real, info: fi})
	}
	return found
}

// identifyAll identifies found[i] for each i in misses, at most
// identifyConcurrency at a time, filling results and failures. It returns
// the new identity cache entries. Scripts are skipped unless named
// explicitly; they are shims for interpreters found directly anyway.
func (d *discovery) identifyAll(ctx context.Context, found []located, misses []int, results []*Interpreter, failures []error) map[string]identityEntry {
	env := identityEnv(d.getenv)
	fresh := map[string]identityEntry{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, identifyConcurrency)
	for _, i := range misses {
		f := found[i]
		script := isScript(f.real)
		if script && !f.explicit {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				return
			}
			defer func() { <-sem }()
			// Run the resolved file: a cached identity belongs to RealPath,
			// whichever symlink led to it this time.
			it, err := identify(ctx, d.run, env, f.real, f.path, f.real, f.info)
			if ctx.Err() != nil {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failures[i] = err
			} else {
				it.Source = f.source
				results[i] = it
			}
			// A script's identity is only for explicit use, but one that
			// hangs is remembered, so that it costs the timeout once. A
			// probe the host could not start (EAGAIN, EMFILE, …) says
			// nothing of the file: remembered, it would hide a good
			// interpreter from every later run.
			if (!script || errors.Is(err, errIdentifyTimeout)) && exitstatus.HostTrouble(err) == "" {
				fresh[f.real] = newIdentityEntry(f.info, it, err)
			}
		}()
	}
	wg.Wait()
	return fresh
}

// sortInterpreters orders by (Major, Minor, Micro, FreeThreaded, Debug,
// RealPath): a release build before its debug twin.
func sortInterpreters(its []*Interpreter) {
	sort.Slice(its, func(i, j int) bool {
		a, b := its[i], its[j]
		switch {
		case a.Major != b.Major:
			return a.Major < b.Major
		case a.Minor != b.Minor:
			return a.Minor < b.Minor
		case a.Micro != b.Micro:
			return a.Micro < b.Micro
		case a.FreeThreaded != b.FreeThreaded:
			return !a.FreeThreaded
		case a.Debug != b.Debug:
			return !a.Debug
		}
		return a.RealPath < b.RealPath
	})
}
