package fswatch

import (
	"runtime"
	"sync"
)

// A Watcher watches folder trees and reports where changes happened. It is
// safe for concurrent use.
type Watcher struct {
	mu sync.Mutex
	w  watcher // the platform's
}

// watcher is what a platform provides.
type watcher interface {
	add(root string, skip func(name string) bool) error
	drain() (paths []string, overflow bool)
	close() error
}

// New returns a Watcher, or an error where the platform has none (or the
// system's limit on watchers is reached): the caller then compares its
// tree in full each time.
func New() (*Watcher, error) {
	w, err := newWatcher()
	if err != nil {
		return nil, err
	}
	out := &Watcher{w: w}
	// A Watcher dropped without Close must not hold one of the user's
	// few inotify instances (128 by default, for every program) for the
	// rest of the process.
	runtime.AddCleanup(out, func(w watcher) { w.close() }, w)
	return out, nil
}

// Tree watches root and every folder below it, except those whose name
// skip accepts (and what is below them); folders made later below a
// watched one are watched as they appear. An error means part of the tree
// is not watched: the caller must not rely on Changes for it.
func (w *Watcher) Tree(root string, skip func(name string) bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.add(root, skip)
}

// Changes returns the paths that were made, written, removed, renamed or
// had their attributes changed in a watched folder since the last call
// (each at most once, in no order; a folder that was itself removed or
// renamed is named as it was watched), and whether the kernel dropped
// events or part of a tree could not be watched, in which case anything
// may have changed.
func (w *Watcher) Changes() (paths []string, overflow bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.drain()
}

// Close stops watching and frees the kernel's watcher.
func (w *Watcher) Close() error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.close()
}
