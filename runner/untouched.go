package runner

import (
	"crypto/sha256"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// untouched holds what a run must leave as it found it: the corpus trees
// the session's cases come from (their .txtar files, corpus.yaml, local
// package sources) and the caller's HOME configuration (homeFiles). A
// case that appends to its own .txtar, plants a new case or edits a
// dotfile fails the run that was running when the change was seen.
//
// It is cheap by design. Where the kernel reports changes (internal/fswatch),
// a run that changed nothing in the corpus or in HOME's configuration
// folders costs a read of the watcher's queue; a change reported in HOME
// costs a stat of each of HOME's files; otherwise, and after any change
// reported in the corpus, a stat walk compares with the state taken when
// the session opened. Only a file
// whose size or time changed is read again, and it counts as changed only
// when its content hash differs. Folders that pip writes into a local
// package's source while building it (build, dist, *.egg-info,
// __pycache__) are not watched: the build is cleanexit's, not the case's.
type untouched struct {
	mu    sync.Mutex
	roots []string
	home  string
	files map[string]fileState
	dirs  map[string]time.Time // every folder walked, with its modification time
	watch *fswatch.Watcher     // the session's, given the corpus roots; nil: walk every time
	// homeWatched: the watcher also has HOME's configuration folders
	// (see watchHome), and a run that changed nothing there costs no stat.
	homeWatched bool

	// running holds the runs under way (begin), each with the changes
	// seen while it ran: with -j above 1, the run whose end saw a change
	// cannot tell whether it or a run beside it made it, so all of them
	// answer for it.
	running map[string]*suspicion
}

// A suspicion is what a run answers for: the paths changed while it ran,
// and the other runs under way when each change was seen.
type suspicion struct {
	paths, beside []string
}

// begin notes that run id is under way.
func (u *untouched) begin(id string) {
	if u == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.running == nil {
		u.running = map[string]*suspicion{}
	}
	u.running[id] = &suspicion{}
}

// drop forgets run id, once it ended without end (its environment could
// not be made, say): it ran no script.
func (u *untouched) drop(id string) {
	if u == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	delete(u.running, id)
}

// end is what run id answers for as it ends: the paths changed since the
// last check (see changed), and those changed while it ran that a run
// beside it saw first; beside names the other runs under way as they
// were seen, any of which may have made them.
func (u *untouched) end(id, caseFile string) (paths, beside []string) {
	if u == nil {
		return nil, nil
	}
	seen := u.changed(caseFile)
	u.mu.Lock()
	defer u.mu.Unlock()
	mine := u.running[id]
	delete(u.running, id)
	if mine == nil {
		mine = &suspicion{}
	}
	if len(seen) > 0 {
		for other, s := range u.running {
			s.paths = append(s.paths, seen...)
			s.beside = append(s.beside, id)
			mine.beside = append(mine.beside, other)
		}
		mine.paths = append(mine.paths, seen...)
	}
	return sortedSet(mine.paths), sortedSet(mine.beside)
}

// sortedSet is ss sorted, each once.
func sortedSet(ss []string) []string {
	slices.Sort(ss)
	return slices.Compact(ss)
}

// fullWalkFiles is the corpus size up to which every file is checked after
// every run when no watcher reports changes. Above it a run checks its own case file, HOME's files and the
// folders' times (a planted, removed or renamed file changes its folder's
// time), so that a run's cost does not grow with the corpus; an in-place
// edit of another case's file is then not seen.
var fullWalkFiles = 300

type fileState struct {
	size int64
	mod  time.Time
	perm fs.FileMode // a chmod changes no time the walk compares, and no content
	hash [sha256.Size]byte
}

// stateOf is a regular file's state as a stat gives it: all but the hash.
func stateOf(fi fs.FileInfo) fileState {
	return fileState{size: fi.Size(), mod: fi.ModTime(), perm: fi.Mode().Perm() | fi.Mode()&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)}
}

// watchUntouched records the state of the corpus roots of cs and of home.
// Where w is not nil, the corpus roots are given to it (see watchRoots).
func watchUntouched(cs []*cases.Case, home string, w *fswatch.Watcher) *untouched {
	seen := map[string]bool{}
	u := &untouched{}
	isHome := homeMatcher(home)
	for _, c := range cs {
		root := filepath.Dir(c.File)
		// A case's tree is its project's parent, the corpus, unless that
		// is HOME (cleanexit run ~/proj/case.txtar): HOME is watched for
		// its dotfiles alone, so the project folder is the tree.
		if filepath.Base(root) == c.Project && !isHome(filepath.Dir(root)) {
			root = filepath.Dir(root)
		}
		if !seen[root] {
			seen[root] = true
			u.roots = append(u.roots, root)
		}
	}
	homeApart := home != "" && !seen[home]
	if homeApart {
		u.roots = append(u.roots, home)
	}
	u.files, u.dirs = u.stat(home)
	for p, st := range u.files {
		st.hash, _ = hashFile(p)
		u.files[p] = st
	}
	u.home = home
	u.watchRoots(w)
	if homeApart {
		u.watchHome()
	}
	return u
}

// homeMatcher returns what says whether a folder, named relatively or not,
// is home. HOME is resolved once, and a folder only when its name is
// HOME's: a corpus has a case file per case, and resolving each one's
// folder would cost a getwd per case.
func homeMatcher(home string) func(dir string) bool {
	abs, err := filepath.Abs(home)
	if home == "" || err != nil {
		return func(string) bool { return false }
	}
	return func(dir string) bool {
		if filepath.Base(dir) != filepath.Base(abs) {
			return false
		}
		d, err := filepath.Abs(dir)
		return err == nil && d == abs
	}
}

// watchCorpus says whether the corpus roots are watched where the kernel
// can (tests turn it off to check the walks).
var watchCorpus = true

// watchRoots gives the corpus roots to w, which reports changes under them
// (HOME is given apart, see watchHome), each file by its own watch too: a
// folder's watch misses a write through a hard link made elsewhere
// (fswatch.TreeAndFiles). Where it cannot, every run walks.
func (u *untouched) watchRoots(w *fswatch.Watcher) {
	if !watchCorpus || w == nil {
		return
	}
	for _, root := range u.roots {
		if root != u.home && w.TreeAndFiles(root, cases.BuildOutput) != nil {
			return
		}
	}
	u.watch = w
}

// watchHome gives the watcher HOME and, below it, only the folders on the
// way to homeFiles (.config, .config/pip, .pip, .ssh), however deep HOME
// is. Where it cannot, every run stats homeFiles.
func (u *untouched) watchHome() {
	if u.watch == nil {
		return
	}
	folders := map[string]bool{}
	for _, f := range homeFiles {
		for dir := filepath.Dir(f); dir != "."; dir = filepath.Dir(dir) {
			folders[filepath.Base(dir)] = true
		}
	}
	u.homeWatched = u.watch.TreeAndFiles(u.home, func(name string) bool { return !folders[name] }) == nil
}

// homeQuiet says whether the watcher vouches that nothing changed in
// HOME's watched folders since it was last asked. Anything there, a
// shell's history as much as a dotfile, is not quiet: homeFiles are then
// stat'ed.
func (u *untouched) homeQuiet() bool {
	if !u.homeWatched {
		return false
	}
	changed, lost := u.watch.Changes(u.home)
	return !lost && len(changed) == 0
}

// reported asks the watcher what changed in the corpus since it was last
// asked. quiet: nothing outside the folders a package build writes, and no
// events lost; otherwise paths are where changes were reported. Without a
// watcher nothing is vouched for.
func (u *untouched) reported() (quiet bool, paths []string) {
	if u.watch == nil {
		return false, nil
	}
	quiet = true
	for _, root := range u.roots {
		if root == u.home {
			continue
		}
		changed, lost := u.watch.Changes(root)
		quiet = quiet && !lost
		for _, p := range changed {
			quiet = quiet && isBuiltFolder(p)
		}
		paths = append(paths, changed...)
	}
	return quiet, paths
}

// changed lists the files that were written, made or removed since the
// last call (paths as the cases were named, so relative where they were),
// and takes the new state as the one to compare with next: a change is
// reported once. caseFile is the file of the run that just ended.
func (u *untouched) changed(caseFile string) []string {
	if u == nil {
		return nil
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	var now map[string]fileState
	var written map[string]bool // reported written: hashed again whatever their times say
	switch quiet, paths := u.reported(); {
	case quiet && u.homeQuiet():
		return nil
	case quiet:
		return u.homeChanged()
	case u.watch != nil || len(u.files) <= fullWalkFiles:
		now, u.dirs = u.stat(u.home)
		written = make(map[string]bool, len(paths))
		for _, p := range paths {
			written[p] = true
		}
	default:
		now = u.quick(caseFile)
	}
	var out []string
	for p, st := range now {
		old, had := u.files[p]
		var differs bool
		now[p], differs = settle(p, st, old, had, written[p])
		if differs {
			out = append(out, p)
		}
	}
	for p := range u.files {
		if _, ok := now[p]; !ok {
			out = append(out, p)
		}
	}
	u.files = now
	sort.Strings(out)
	return out
}

// settle gives st, the state of p now, its content hash, and says whether
// p differs from old, its state before (had: p was there). A file whose
// size and time are unchanged keeps its hash unless the watcher reported
// it written; one whose times changed but whose content and mode did not
// is the same file.
func settle(p string, st, old fileState, had, written bool) (fileState, bool) {
	switch {
	case !had:
		st.hash, _ = hashFile(p)
		return st, true
	case old.size == st.size && old.mod.Equal(st.mod) && !written:
		st.hash = old.hash
		return st, st.perm != old.perm
	default:
		st.hash, _ = hashFile(p)
		return st, st.hash != old.hash || st.perm != old.perm
	}
}

// homeChanged compares HOME's files alone with their last state, in
// place: what a run costs when the watcher vouches for the corpus (a stat
// per file of homeFiles, nothing per corpus file).
func (u *untouched) homeChanged() []string {
	if u.home == "" {
		return nil
	}
	var out []string
	for _, name := range homeFiles {
		p := filepath.Join(u.home, name)
		old, had := u.files[p]
		now, ok := regularFile(p)
		if !ok {
			if had {
				delete(u.files, p)
				out = append(out, p)
			}
			continue
		}
		st, differs := settle(p, now, old, had, false)
		u.files[p] = st
		if differs {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// restatHomeInto records the state of HOME's files in now.
func (u *untouched) restatHomeInto(now map[string]fileState) {
	if u.home != "" {
		for _, name := range homeFiles {
			restat(now, filepath.Join(u.home, name))
		}
	}
}

// restat records p's size and time in now, or its absence.
func restat(now map[string]fileState, p string) {
	if st, ok := regularFile(p); ok {
		now[p] = st
	} else {
		delete(now, p)
	}
}

// regularFile is p's size and time, where p is a regular file (a link is
// not followed).
func regularFile(p string) (fileState, bool) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return fileState{}, false
	}
	return stateOf(fi), true
}

// quick is the state of a large corpus, read cheaply: see fullWalkFiles.
func (u *untouched) quick(caseFile string) map[string]fileState {
	now := maps.Clone(u.files)
	restat(now, caseFile)
	u.restatHomeInto(now)
	for dir, mod := range u.dirs {
		fi, err := os.Stat(dir)
		if err == nil && fi.ModTime().Equal(mod) {
			continue
		}
		// The folder gained or lost entries: read it again, and walk
		// any folder that is new in it.
		for p := range now {
			if filepath.Dir(p) == dir {
				delete(now, p)
			}
		}
		if err != nil {
			delete(u.dirs, dir)
			continue
		}
		u.dirs[dir] = fi.ModTime()
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			switch {
			case e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0:
				// A link planted in the corpus is a change too: it
				// would bring a case, or a folder, in from elsewhere.
				if fi, err := e.Info(); err == nil {
					now[p] = stateOf(fi)
				}
			case e.IsDir():
				if _, known := u.dirs[p]; !known {
					walkInto(p, now, u.dirs)
				}
			}
		}
	}
	return now
}

// homeFiles are the files of HOME that configure a shell, git, pip or ssh:
// what a case would change to reach the caller's next session. Histories
// and caches are left out: the caller's own shell writes them meanwhile.
var homeFiles = []string{
	".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zshenv", ".zprofile",
	".gitconfig", ".netrc", ".pypirc", ".pydistutils.cfg", ".condarc",
	".pip/pip.conf", ".config/pip/pip.conf", ".ssh/config", ".ssh/authorized_keys",
}

// stat walks the roots; of HOME, only homeFiles.
func (u *untouched) stat(home string) (map[string]fileState, map[string]time.Time) {
	files, dirs := map[string]fileState{}, map[string]time.Time{}
	for _, root := range u.roots {
		if root == home {
			for _, name := range homeFiles {
				restat(files, filepath.Join(home, name))
			}
			continue
		}
		walkInto(root, files, dirs)
	}
	return files, dirs
}

// walkInto records the files and folders under root, leaving out the
// folders a package build writes.
func walkInto(root string, files map[string]fileState, dirs map[string]time.Time) {
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != root && cases.BuildOutput(d.Name()) {
				return filepath.SkipDir
			}
			if fi, err := d.Info(); err == nil {
				dirs[p] = fi.ModTime()
			}
			return nil
		}
		if fi, err := d.Info(); err == nil && (fi.Mode().IsRegular() || fi.Mode()&fs.ModeSymlink != 0) {
			files[p] = stateOf(fi)
		}
		return nil
	})
}

// isBuiltFolder says whether p is, now, a folder a package build writes:
// a file of such a name, or one that is gone, is a change like any other.
func isBuiltFolder(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.IsDir() && cases.BuildOutput(filepath.Base(p))
}

// hashFile hashes p's content; a link's is where it points, never what it
// points to, which may be a named pipe that an open would wait on forever.
func hashFile(p string) ([sha256.Size]byte, error) {
	var sum [sha256.Size]byte
	if fi, err := os.Lstat(p); err != nil {
		return sum, err
	} else if !fi.Mode().IsRegular() {
		target, _ := os.Readlink(p)
		return sha256.Sum256([]byte(fi.Mode().Type().String() + " " + target)), nil
	}
	f, err := os.Open(p)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	// Read through a buffer on the stack: io.Copy takes *os.File's
	// WriteTo, which allocates 32 KiB a call, and most of a session's
	// opening hash of the corpus was that allocation (pprof: 1.6 ms for
	// 50 cases, of which makeslice a third).
	h := sha256.New()
	var buf [8 << 10]byte
	for {
		n, err := f.Read(buf[:])
		h.Write(buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			return sum, err
		}
	}
	copy(sum[:], h.Sum(nil))
	return sum, nil
}
