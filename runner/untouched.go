package runner

import (
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/internal/seal"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// untouched holds what a run must leave as it found it: the corpus trees
// the session's cases come from (their .txtar files, corpus.yaml, local
// package sources) and the caller's HOME configuration (homeFiles). A
// case that appends to its own .txtar, plants a new case or edits a
// dotfile fails the run that was running when the change was seen.
//
// Each tree is sealed by content (internal/seal): where the kernel
// reports changes, a run that changed nothing costs a read of the
// watcher's queue; otherwise a stat walk, and a file whose size or time
// moved counts only when its content hash or mode differs. Folders that
// pip writes into a local package's source while building it (build,
// dist, *.egg-info, __pycache__) are not sealed: the build is
// cleanexit's, not the case's.
type untouched struct {
	mu    sync.Mutex
	seals []*seal.Seal // a corpus tree each, and HOME's configuration

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
// every run when no watcher reports changes. Above it a run checks its own
// case file, HOME's files and the folders' times (a planted, removed or
// renamed file changes its folder's time), so that a run's cost does not
// grow with the corpus; an in-place edit of another case's file is then
// not seen.
var fullWalkFiles = 300

// watchCorpus says whether the trees are watched where the kernel can
// (tests turn it off to check the walks).
var watchCorpus = true

// watchUntouched seals the corpus roots of cs and home's configuration,
// over w where it is not nil. Each file is watched by its own watch too:
// a folder's watch misses a write through a hard link made elsewhere.
func watchUntouched(cs []*cases.Case, home string, w *fswatch.Watcher) *untouched {
	if !watchCorpus {
		w = nil
	}
	corpus := seal.Tree{Skip: cases.BuildOutput, Content: true, EachFile: true, FullWalkFiles: fullWalkFiles}
	config := seal.Tree{Only: homeFiles, Content: true, EachFile: true}
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
		if seen[root] {
			continue
		}
		seen[root] = true
		if root == home {
			u.seals = append(u.seals, seal.New(w, root, config, nil))
		} else {
			u.seals = append(u.seals, seal.New(w, root, corpus, nil))
		}
	}
	if home != "" && !seen[home] {
		u.seals = append(u.seals, seal.New(w, home, config, nil))
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

// changed lists the files that were written, made or removed since the
// last call (paths as the cases were named, so relative where they were):
// a change is reported once. caseFile is the file of the run that just
// ended, compared even where a large corpus is compared by folder times.
func (u *untouched) changed(caseFile string) []string {
	if u == nil {
		return nil
	}
	var out []string
	for _, s := range u.seals {
		out = append(out, s.Check(caseFile).Files()...)
	}
	sort.Strings(out)
	return out
}

// homeFiles are the files of HOME that configure a shell, git, pip or ssh:
// what a case would change to reach the caller's next session. Histories
// and caches are left out: the caller's own shell writes them meanwhile.
var homeFiles = []string{
	".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zshenv", ".zprofile",
	".gitconfig", ".netrc", ".pypirc", ".pydistutils.cfg", ".condarc",
	".pip/pip.conf", ".config/pip/pip.conf", ".ssh/config", ".ssh/authorized_keys",
}
