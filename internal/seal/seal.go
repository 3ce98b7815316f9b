package seal

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/cleanexit/cleanexit/internal/fswatch"
)

// A Tree says what of a folder is sealed, and how it is compared.
type Tree struct {
	// Skip names the folders below the root that are not sealed, with
	// what is below them; one of them appearing is no change (a package
	// build's output), a file of such a name is.
	Skip func(name string) bool
	// Only, where set, is the whole tree: these files below the root, by
	// slash-separated path (HOME's configuration). The watcher is given
	// only the folders on their way.
	Only []string
	// Own are the files below the root, by slash-separated path, that
	// cleanexit itself writes there: not sealed, and no change when the
	// kernel reports them written.
	Own []string
	// Content: a file is changed only when its content or mode is, its
	// times aside, and one the kernel reported written is read again (the
	// corpus: a touch is no change, a rewrite that kept size and time is).
	Content bool
	// EachFile: each file gets a watch of its own, which sees a write
	// through a hard link made elsewhere (fswatch.TreeAndFiles).
	EachFile bool
	// FullWalkFiles: unwatched, a tree of more files than this is
	// compared by its folders' times alone, its Check's also files aside,
	// so that a run's cost does not grow with the tree: a planted,
	// removed or renamed entry changes its folder's time, an in-place
	// edit is not seen.
	FullWalkFiles int
	// TrustReports: watched, what the kernel reports is the change, and
	// no snapshot is taken (a standard library: thousands of files, and
	// every report of one is a change); where it lost events the Check
	// says Unchecked rather than compare.
	TrustReports bool
}

// A Seal holds one tree to what it was. It is safe for concurrent use.
type Seal struct {
	mu      sync.Mutex
	root    string
	t       Tree
	w       *fswatch.Watcher // nil: every Check compares
	was     Snapshot         // nil: the watcher's reports alone answer (TrustReports)
	partial error            // was is not the whole tree: what could not be read of it
	modes   bool             // was records modes (a marker written before they were does not)
	rootMod int64            // the root's time, for the cheap check
}

// New seals the tree at root as t describes it, and gives it to w where w
// is not nil. was is what the tree must hold; nil, what it holds now.
func New(w *fswatch.Watcher, root string, t Tree, was Snapshot) *Seal {
	s := &Seal{root: root, t: t}
	if w != nil && s.watch(w) == nil {
		s.w = w
	}
	if s.w != nil && t.TrustReports {
		return s
	}
	if was == nil {
		was, s.partial = Scan(root, t)
		if t.Content {
			for rel, e := range was {
				e.hash = hashFile(s.path(rel), e)
				was[rel] = e
			}
		}
	}
	s.was, s.modes = was, hasModes(was)
	if info, err := os.Stat(root); err == nil {
		s.rootMod = info.ModTime().UnixNano()
	}
	return s
}

// Compare tells now, the tree at root as Scan recorded it, from was, a
// snapshot stored earlier (a tree sealed by content is not compared so:
// a stored snapshot has no hashes).
func Compare(root string, t Tree, was, now Snapshot) Changes {
	s := &Seal{root: root, t: t, was: was, modes: hasModes(was)}
	return s.compare(now, nil)
}

// hasModes says whether was records modes: a snapshot stored before they
// were recorded is compared without them.
func hasModes(was Snapshot) bool {
	for _, e := range was {
		if e.Mode != 0 {
			return true
		}
	}
	return false
}

// watch gives the tree to w.
func (s *Seal) watch(w *fswatch.Watcher) error {
	skip := s.t.Skip
	if s.t.Only != nil {
		onTheWay := map[string]bool{}
		for _, rel := range s.t.Only {
			for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
				onTheWay[path.Base(dir)] = true
			}
		}
		skip = func(name string) bool { return !onTheWay[name] }
	}
	if s.t.EachFile {
		return w.TreeAndFiles(s.root, skip)
	}
	return w.Tree(s.root, skip)
}

// Watched says whether the kernel reports changes in the tree.
func (s *Seal) Watched() bool { return s.w != nil }

// reported is what the watcher reported since it was last asked, but
// cleanexit's own files and the skipped folders; lost: it cannot say.
func (s *Seal) reported() (paths []string, lost bool) {
	changed, lost := s.w.Changes(s.root)
	for _, p := range changed {
		if slices.Contains(s.t.Own, relative(s.root, p)) {
			continue
		}
		if info, err := os.Lstat(p); err == nil && info.IsDir() && s.t.Skip != nil && s.t.Skip(filepath.Base(p)) && p != s.root {
			continue
		}
		paths = append(paths, p)
	}
	return paths, lost
}

// Check says what changed in the tree since New or the last Check, and
// takes what it holds now as what to compare with next: a change is told
// once. also are files, as named below the root, compared whatever a
// cheap check would leave (the case file of the run that just ended).
func (s *Seal) Check(also ...string) Changes {
	s.mu.Lock()
	defer s.mu.Unlock()
	var written map[string]bool // reported: compared whatever their times say
	if s.w != nil {
		paths, lost := s.reported()
		switch {
		case !lost && len(paths) == 0:
			return Changes{}
		case s.was == nil && lost:
			return Changes{Unchecked: "the kernel lost events"}
		case s.was == nil:
			return s.asReported(paths)
		}
		written = make(map[string]bool, len(paths))
		for _, p := range paths {
			written[relative(s.root, p)] = true
		}
	}
	var now Snapshot
	if s.w == nil && s.t.Only == nil && s.files() > s.t.FullWalkFiles && s.partial == nil {
		now = s.cheap(also)
	} else {
		// What could not be read, then or now, is neither added nor
		// removed: a tree read in part (a descriptor limit reached) is
		// not compared, and a whole one becomes what the next Check
		// compares with.
		var err error
		if now, err = Scan(s.root, s.t); err != nil {
			return Changes{Unchecked: "it could not all be read: " + err.Error()}
		}
		if was := s.partial; was != nil {
			s.was, s.partial = now, nil
			return Changes{Unchecked: "it could not all be read when it was sealed: " + was.Error()}
		}
	}
	return s.compare(now, written)
}

// asReported is what the kernel reported, as it is now.
func (s *Seal) asReported(paths []string) Changes {
	var out Changes
	for _, p := range paths {
		c := Change{Path: p, Rel: relative(s.root, p), How: Changed}
		if info, err := os.Lstat(p); err != nil {
			c.How = Removed
		} else {
			c.Folder = info.IsDir()
		}
		out.List = append(out.List, c)
	}
	return out.sorted()
}

// compare tells now from what the tree held, and keeps now.
func (s *Seal) compare(now Snapshot, written map[string]bool) Changes {
	var out Changes
	for rel, e := range now {
		old, had := s.was[rel]
		if s.t.Content && e.Kind == 'f' {
			if had && old.Size == e.Size && old.ModTime == e.ModTime && !written[rel] {
				e.hash = old.hash
			} else {
				e.hash = hashFile(s.path(rel), e)
			}
			now[rel] = e
		}
		switch {
		case !had:
			out.add(s, rel, Added, e)
		case !s.same(old, e):
			out.add(s, rel, Changed, e)
		case written[rel] && !s.t.Content && e.Kind != 'd':
			out.add(s, rel, Rewritten, e)
		}
	}
	for rel, e := range s.was {
		if _, ok := now[rel]; !ok {
			out.add(s, rel, Removed, e)
		}
	}
	s.was = now
	return out.sorted()
}

// same says whether e is old, as the tree compares them.
func (s *Seal) same(old, e Entry) bool {
	switch {
	case old.Kind != e.Kind || old.Target != e.Target || s.modes && old.Mode != e.Mode:
		return false
	case e.Kind == 'd':
		return true
	case s.t.Content && e.Kind == 'f':
		return old.hash == e.hash
	}
	return old.Size == e.Size && old.ModTime == e.ModTime
}

// files counts the files and links sealed.
func (s *Seal) files() int {
	n := 0
	for _, e := range s.was {
		if e.Kind != 'd' {
			n++
		}
	}
	return n
}

// cheap is the tree now, read by its folders' times (see
// Tree.FullWalkFiles): a folder whose time moved is read again, and a
// folder new in it walked.
func (s *Seal) cheap(also []string) Snapshot {
	now := maps.Clone(s.was)
	for _, p := range also {
		if rel := relative(s.root, p); rel != ".." && !strings.HasPrefix(rel, "../") {
			now.restat(s.root, rel)
		}
	}
	folders := []string{"."}
	for rel, e := range s.was {
		if e.Kind == 'd' {
			folders = append(folders, rel)
		}
	}
	for _, dir := range folders {
		info, err := os.Stat(s.path(dir))
		switch {
		case err == nil && dir == "." && info.ModTime().UnixNano() == s.rootMod:
			continue
		case err == nil && dir != "." && info.ModTime().UnixNano() == s.was[dir].ModTime:
			continue
		}
		for rel := range now {
			if path.Dir(rel) == dir {
				delete(now, rel)
			}
		}
		if err != nil {
			continue
		}
		if dir == "." {
			s.rootMod = info.ModTime().UnixNano()
		} else {
			now[dir] = entryOf(s.path(dir), info)
		}
		entries, _ := os.ReadDir(s.path(dir))
		for _, d := range entries {
			rel := path.Join(dir, d.Name())
			if slices.Contains(s.t.Own, rel) || d.IsDir() && s.t.Skip != nil && s.t.Skip(d.Name()) {
				continue
			}
			if _, known := s.was[rel]; d.IsDir() && !known {
				now.walk(s.root, s.path(rel), s.t)
			}
			if info, err := d.Info(); err == nil {
				now[rel] = entryOf(s.path(rel), info)
			}
		}
	}
	return now
}

// path is rel as the root names it.
func (s *Seal) path(rel string) string {
	return filepath.Join(s.root, filepath.FromSlash(rel))
}
