package envs

import (
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/runner/fswatch"
)

// envWatch is what a Cache knows from the kernel about the shared
// environments it handed out: AfterRun walks an environment only when
// something was reported in it, so that a run that left it alone costs
// one read instead of a stat per file (see runner/fswatch).
type envWatch struct {
	w      *fswatch.Watcher // nil until the first environment is watched, or where none can be had
	failed bool             // New failed: walk every time
	// watched holds the environment folders being watched, each with
	// what was reported in it since it was last compared.
	watched map[string]*reported
}

// reported is what the kernel said about one environment folder.
type reported struct {
	dirty bool     // something changed, or events were lost
	paths []string // where, up to maxReported
}

// maxReported bounds the paths kept for one environment: past it the
// folder is compared in full all the same, and the rest adds nothing.
const maxReported = 64

// watchEnv starts watching the environment folder dir, which adopt has
// just checked against its marker. Where it cannot, AfterRun walks dir
// after every run, as it would without a watcher.
func (c *Cache) watchEnv(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ew := &c.envWatch
	if _, ok := ew.watched[dir]; ok || ew.failed {
		return
	}
	if ew.w == nil {
		w, err := fswatch.New()
		if err != nil {
			ew.failed = true
			return
		}
		ew.w, ew.watched = w, map[string]*reported{}
	}
	if ew.w.Tree(dir, nil) == nil {
		ew.watched[dir] = &reported{}
	}
}

// changesReported says whether the watcher vouches that nothing in the
// environment folder dir changed since it was watched or last asked about
// (vouched), and otherwise which paths it reported there; nil paths and
// not vouched where dir is not watched. Either way dir counts as compared
// from now on: the caller compares it in full, and a change made meanwhile
// is reported next time.
func (c *Cache) changesReported(dir string) (vouched bool, paths []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ew := &c.envWatch
	if ew.w == nil {
		return false, nil
	}
	changed, overflow := ew.w.Changes()
	for _, r := range ew.watched {
		r.dirty = r.dirty || overflow
	}
	for _, p := range changed {
		env, ownStamp := c.environmentOf(p)
		if r := ew.watched[env]; r != nil && !ownStamp {
			r.dirty = true
			if len(r.paths) < maxReported {
				r.paths = append(r.paths, p)
			}
		}
	}
	r := ew.watched[dir]
	if r == nil {
		return false, nil
	}
	if !r.dirty {
		return true, nil
	}
	paths = r.paths
	*r = reported{}
	return false, paths
}

// environmentOf is the environment folder path p lies in ("" if none),
// and whether p is the use stamp that cleanexit itself touches.
func (c *Cache) environmentOf(p string) (dir string, ownStamp bool) {
	rel, err := filepath.Rel(c.envsDir(), p)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return "", false
	}
	key, rest, _ := strings.Cut(filepath.ToSlash(rel), "/")
	return c.envDir(key), rest == usedStampName
}

// forget stops vouching for dir, which is being discarded: a build that
// later takes its place is watched when it is adopted.
func (c *Cache) forget(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.envWatch.watched, dir)
}
