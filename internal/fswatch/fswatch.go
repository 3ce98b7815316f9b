package fswatch

import (
	"errors"
	"maps"
	"os"
	"runtime"
	"slices"
	"sync"
)

// A Watcher watches folder trees and reports, tree by tree, where changes
// happened. One Watcher serves every tree of a session. It is safe for
// concurrent use.
type Watcher struct {
	mu sync.Mutex
	// w is the platform's watcher; nil once closed, when it is being
	// released and nothing here may touch it again.
	w       watcher
	cleanup runtime.Cleanup                // releases w if the Watcher is dropped without Close
	roots   map[string]bool                // the trees given to Tree
	pending map[string]map[string]struct{} // tree root -> changed paths not yet asked for
	lost    map[string]bool                // tree root -> events were lost since last asked
}

// watcher is what a platform provides.
type watcher interface {
	add(root string, skip func(name string) bool, files bool) error
	// drain reads what the kernel queued, calling note for each change,
	// and says of each tree whether events for it were lost.
	drain(note func(root, path string)) (lost func(root string) bool)
	// release lets go of the kernel's watcher (see release).
	release()
	// share is another descriptor of the kernel's watcher (see Share).
	share() (*os.File, error)
}

// New returns a Watcher, or an error where the platform has none (or the
// system's limit on watchers is reached): the caller then compares its
// tree in full each time.
func New() (*Watcher, error) {
	w, err := newWatcher()
	if err != nil {
		return nil, err
	}
	out := &Watcher{w: w, roots: map[string]bool{}, pending: map[string]map[string]struct{}{}, lost: map[string]bool{}}
	// A Watcher dropped without Close releases its kernel watcher all the
	// same: one of the user's few inotify instances is not lost.
	out.cleanup = runtime.AddCleanup(out, release, w)
	return out, nil
}

// Tree watches root and every folder below it, except those whose name
// skip accepts (and what is below them); folders made later below a
// watched one are watched as they appear. An error means part of the tree
// is not watched: the caller must not rely on Changes for it.
func (w *Watcher) Tree(root string, skip func(name string) bool) error {
	return w.tree(root, skip, false)
}

// TreeAndFiles is Tree that also watches each file of the tree by itself,
// files made later included. A folder's watch sees only what is done
// through the folder: a file hard-linked out of the tree, in one run, can
// be rewritten through the link in the next, unseen. A file's own watch
// sees the link being made and every write, whatever the path. It costs a
// watch per file, which a corpus can afford and an environment of
// thousands of files need not: environments use Tree.
func (w *Watcher) TreeAndFiles(root string, skip func(name string) bool) error {
	return w.tree(root, skip, true)
}

func (w *Watcher) tree(root string, skip func(name string) bool, files bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.w == nil {
		return errors.New("fswatch: closed")
	}
	w.roots[root] = true
	return w.w.add(root, skip, files)
}

// Changes returns the paths below root, a folder given to Tree or TreeAndFiles, that
// were made, written, removed, renamed or had their attributes changed
// since the last call for root (in no order; a folder that was itself
// removed or renamed is named as it was watched), and whether the kernel
// dropped events or part of the tree could not be watched, in which case
// anything below root may have changed.
func (w *Watcher) Changes(root string) (paths []string, overflow bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.w == nil {
		return nil, true
	}
	lost := w.w.drain(func(r, p string) {
		if w.pending[r] == nil {
			w.pending[r] = map[string]struct{}{}
		}
		w.pending[r][p] = struct{}{}
	})
	for r := range w.roots {
		w.lost[r] = w.lost[r] || lost(r)
	}
	paths = slices.Collect(maps.Keys(w.pending[root]))
	overflow = w.lost[root] || !w.roots[root]
	delete(w.pending, root)
	delete(w.lost, root)
	return paths, overflow
}

// Close stops watching and releases the kernel's watcher: from then on
// Changes vouches for nothing, and the process holds nothing of it. Close
// never fails; it returns an error to be an io.Closer.
func (w *Watcher) Close() error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.w != nil {
		w.cleanup.Stop()
		release(w.w)
		w.w = nil
	}
	return nil
}

// release lets go of a kernel watcher, at once: tearing an inotify
// instance down can wait 10-20 ms for the kernel's grace period, but a
// descriptor left to close later is one a library's host would still hold.
// The kernel tears it down as its last descriptor closes: where another
// process holds one (Share), that process waits, not this one.
func release(w watcher) {
	w.release()
}

// Share returns another descriptor of the kernel's watcher, for another
// process to hold until it ends: the wait of the kernel's teardown (see
// release) is then that process's, not Close's. What changed is read here
// alone; the other process only holds it.
func (w *Watcher) Share() (*os.File, error) {
	if w == nil {
		return nil, errors.New("fswatch: no watcher")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.w == nil {
		return nil, errors.New("fswatch: closed")
	}
	return w.w.share()
}
