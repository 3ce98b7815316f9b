package envs

import (
	"math"

	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/internal/seal"
)

// envTree is what of an environment folder is sealed: all of it but the
// files cleanexit itself writes there after the build (the marker, which
// AfterRun checks apart, and the last-use stamp), compared in full
// however many files it holds.
var envTree = seal.Tree{Own: []string{markerName, usedStampName}, FullWalkFiles: math.MaxInt}

// scanTree records the environment folder dir: a stat per entry, a few
// hundred for an environment with a handful of packages.
func scanTree(dir string) (seal.Snapshot, error) {
	return seal.Scan(dir, envTree)
}

// changes describes how the folder dir, recorded now, differs from was,
// as a short phrase such as "added lib/python3.12/site-packages/zzz.pth";
// "" when it does not.
func changes(dir string, was, now seal.Snapshot) string {
	return seal.Compare(dir, envTree, was, now).String()
}

// envSeals holds a seal (internal/seal) on each environment folder a
// Cache handed out: AfterRun walks an environment only when the kernel
// reported something in it, so that a run that left it alone costs one
// read instead of a stat per file.
type envSeals struct {
	w      *fswatch.Watcher // Cache.Watcher, or one of its own made on first use
	own    bool             // w is the Cache's own: Close closes it
	failed bool             // no watcher could be had: the seals walk every time
	seals  map[string]*seal.Seal
}

// sealEnv seals the environment folder dir, which adopt has just checked
// against files, the snapshot its marker holds.
func (c *Cache) sealEnv(dir string, files seal.Snapshot) {
	c.mu.Lock()
	defer c.mu.Unlock()
	es := &c.envSeals
	if es.seals[dir] != nil {
		return
	}
	if es.w == nil && !es.failed {
		es.w = c.Watcher
		if es.w == nil {
			w, err := fswatch.New()
			es.w, es.own, es.failed = w, err == nil, err != nil
		}
	}
	if es.seals == nil {
		es.seals = map[string]*seal.Seal{}
	}
	es.seals[dir] = seal.New(es.w, dir, envTree, files)
}

// sealOf is the seal on env's folder; where none is held (it was
// discarded since), one that compares the folder with env's snapshot.
func (c *Cache) sealOf(env *Env) *seal.Seal {
	c.mu.Lock()
	s := c.envSeals.seals[env.Dir]
	c.mu.Unlock()
	if s == nil {
		s = seal.New(nil, env.Dir, envTree, env.files)
	}
	return s
}

// forget lets go of the seal on dir, which is being discarded: a build
// that later takes its place is sealed when it is adopted.
func (c *Cache) forget(dir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.envSeals.seals, dir)
}

// closeWatch lets go of the watcher, closing it if it is the Cache's own.
func (c *Cache) closeWatch() {
	if c.envSeals.own {
		c.envSeals.w.Close()
	}
	c.envSeals = envSeals{}
}
