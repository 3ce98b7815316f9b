package envs

import (
	"path/filepath"

	"github.com/cleanexit/cleanexit/internal/fswatch"
)

// envWatch is what a Cache knows from the kernel about the shared
// environments it handed out: AfterRun walks an environment only when
// something was reported in it, so that a run that left it alone costs
// one read instead of a stat per file (see internal/fswatch).
type envWatch struct {
	w       *fswatch.Watcher // Cache.Watcher, or one of its own made on first use
	own     bool             // w is the Cache's own: Close closes it
	failed  bool             // no watcher could be had: walk every time
	watched map[string]bool  // environment folders given to w
}

// watchEnv starts watching the environment folder dir, which adopt has
// just checked against its marker. Where it cannot, AfterRun walks dir
// after every run, as it would without a watcher.
func (c *Cache) watchEnv(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ew := &c.envWatch
	if ew.watched[dir] || ew.failed {
		return
	}
	if ew.w == nil {
		ew.w = c.Watcher
		if ew.w == nil {
			w, err := fswatch.New()
			if err != nil {
				ew.failed = true
				return
			}
			ew.w, ew.own = w, true
		}
		ew.watched = map[string]bool{}
	}
	if ew.w.Tree(dir, nil) == nil {
		ew.watched[dir] = true
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
	w, watched := c.envWatch.w, c.envWatch.watched[dir]
	c.mu.Unlock()
	if !watched {
		return false, nil
	}
	changed, lost := w.Changes(dir)
	for _, p := range changed {
		// The use stamp is cleanexit's own write (see adopt).
		if p != filepath.Join(dir, usedStampName) {
			paths = append(paths, p)
		}
	}
	return !lost && len(paths) == 0, paths
}

// forget stops vouching for dir, which is being discarded: a build that
// later takes its place is watched when it is adopted.
func (c *Cache) forget(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.envWatch.watched, dir)
}

// closeWatch lets go of the watcher, closing it if it is the Cache's own.
func (c *Cache) closeWatch() {
	if c.envWatch.own {
		c.envWatch.w.Close()
	}
	c.envWatch = envWatch{}
}
