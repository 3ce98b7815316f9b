package runner

import (
	"fmt"
	"sort"
	"sync"

	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/internal/seal"
	"github.com/cleanexit/cleanexit/toolchains"
)

// libraries is the standard library of every interpreter the session's
// runs use, which no run may change either. Every environment made from
// an interpreter loads its modules from there, sitecustomize.py included,
// in this session and in every later one: a case that planted
// `import os; os._exit(0)` there as sitecustomize.py made the next case's
// os.abort() a clean exit, a PASS. cleanexit cannot put the library back.
// The run after which the change is seen FAILs, naming the file (with -j
// above 1, the run that ended first after it, as for the corpus), and
// every later run of that interpreter in the session is UNRESOLVED: its
// verdict would be the planted code's.
//
// The libraries are sealed (internal/seal): where the kernel reports
// writes, a run that changed nothing costs a read, and one after which the
// kernel lost events gets a warning that the library was not checked.
// Elsewhere each run compares the times of the library's folders, and the
// entries of one whose time changed, which sees a module planted, removed
// or renamed, not one rewritten in place. The library's __pycache__
// folders are sealed too: a timestamp .pyc planted there whose header
// matches its module's source is loaded instead of the source (a
// json/__pycache__/__init__.pyc that calls os._exit(0) made every later
// crash that imported json a PASS); a .pyc that the interpreter shows to
// be its source's, compiled, is no change (see compiledFromSource).
// Folders that are not the standard library proper are left out: the
// base's site-packages (not on an environment's path) and the test
// suites.
type libraries struct {
	mu      sync.Mutex
	roots   map[string]string     // library folder -> the interpreter it is, for messages ("python 3.12")
	of      map[string]string     // an interpreter's real path -> its library folder
	python  map[string]string     // library folder -> an interpreter of it, to tell its own .pyc from a planted one
	seals   map[string]*seal.Seal // library folder -> its seal
	changed map[string]string     // library folder -> what changed it, once seen
}

// libraryTree is what of a standard library is sealed: every report of
// the kernel is a change; unwatched, the folders' times are compared.
var libraryTree = seal.Tree{Skip: notLibrary, TrustReports: true}

// notLibrary names the folders below a standard library that are not
// sealed (see libraries).
func notLibrary(name string) bool {
	switch name {
	case "site-packages", "dist-packages", "test", "tests":
		return true
	}
	return false
}

// watchLibraries seals the standard libraries of the interpreters runs
// use, over w where it is not nil.
func watchLibraries(runs []*plan.Run, w *fswatch.Watcher) *libraries {
	l := &libraries{roots: map[string]string{}, of: map[string]string{}, python: map[string]string{}, seals: map[string]*seal.Seal{}, changed: map[string]string{}}
	for _, r := range runs {
		if r.Skipped() || r.Interp == nil {
			continue
		}
		if _, done := l.of[r.Interp.RealPath]; done {
			continue
		}
		dir := r.Interp.Stdlib()
		l.of[r.Interp.RealPath] = dir
		if dir != "" && l.roots[dir] == "" {
			l.roots[dir] = "python " + r.Interp.ShortVersion()
			l.python[dir] = r.Interp.RealPath
			l.seals[dir] = seal.New(w, dir, libraryTree, nil)
		}
	}
	return l
}

// check says what changed in any library since it was last asked, each
// change as the place it was seen; when in's library was changed by an
// earlier run, what that run did; and the libraries that could not be
// checked (the kernel lost events), in the words of a warning.
func (l *libraries) check(in *toolchains.Interpreter) (wrote []string, earlier string, unchecked []string) {
	if l == nil || len(l.roots) == 0 {
		return nil, "", nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for root, name := range l.roots {
		changes := l.seals[root].Check()
		seen := compiledFromSource(l.python[root], changes.Topmost())
		if changes.Unchecked != "" {
			unchecked = append(unchecked, fmt.Sprintf("%s's standard library was not checked after this run: %s", name, changes.Unchecked))
			continue
		}
		if len(seen) == 0 {
			continue
		}
		if l.changed[root] == "" {
			l.changed[root] = fmt.Sprintf("%s's standard library was changed by an earlier run (it wrote to %s): what runs it shows now is not its own", name, seen[0])
		}
		for _, p := range seen {
			wrote = append(wrote, p+" ("+name+"'s standard library)")
		}
	}
	sort.Strings(unchecked)
	if len(wrote) > 0 || in == nil {
		return wrote, "", unchecked
	}
	return nil, l.changed[l.of[in.RealPath]], unchecked
}
