package envs

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// Each environment key has two lock files (see doc.go, "Locks"):
//
//   - the build lock, held exclusively while the environment is being
//     built, repaired or removed;
//   - the use lock, held shared by every process that has the environment
//     in hand, and taken exclusively (without waiting) by Prune and Clear.
//
// Lock files may be removed by Prune while locked, so every acquisition
// checks that the file it locked is still the one at that path, and retries
// otherwise; without the check a waiter could lock an unlinked file while a
// newcomer locks its replacement.

// lockFile opens and locks path, waiting as long as it takes.
func lockFile(path string, exclusive bool) (*lockedfile.File, error) {
	flag := os.O_RDONLY | os.O_CREATE
	if exclusive {
		flag = os.O_RDWR | os.O_CREATE
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return nil, err
	}
	for {
		f, err := lockedfile.OpenFile(path, flag, 0o666)
		if err != nil {
			return nil, err
		}
		if stillAt(f.File, path) {
			return f, nil
		}
		f.Close()
	}
}

// stillAt reports whether the open file f is the file now at path.
func stillAt(f *os.File, path string) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	now, err := os.Stat(path)
	return err == nil && os.SameFile(held, now)
}

// lockFileContext is lockFile that gives up when ctx is done. lockedfile
// cannot be interrupted, so the wait happens on a goroutine that releases
// the lock at once if it arrives after the caller has gone.
func lockFileContext(ctx context.Context, path string, exclusive bool) (*lockedfile.File, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type result struct {
		f   *lockedfile.File
		err error
	}
	ch := make(chan result, 1)
	go func() {
		f, err := lockFile(path, exclusive)
		ch <- result{f, err}
	}()
	select {
	case r := <-ch:
		return r.f, r.err
	case <-ctx.Done():
		go func() {
			if r := <-ch; r.f != nil {
				r.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// inUse is the process-wide table of use locks. One shared lock per
// environment per process is enough, however many Caches and Ensure calls
// use it; the table also keeps every locked file reachable, because
// lockedfile panics when a locked File is garbage-collected unclosed.
var inUse = struct {
	sync.Mutex
	locks map[string]*inUseLock
}{locks: map[string]*inUseLock{}}

type inUseLock struct {
	f    *lockedfile.File
	refs int
}

// acquireInUse takes (or shares this process's) use lock at path.
func acquireInUse(ctx context.Context, path string) error {
	inUse.Lock()
	if l, ok := inUse.locks[path]; ok {
		l.refs++
		inUse.Unlock()
		return nil
	}
	inUse.Unlock()
	f, err := lockFileContext(ctx, path, false)
	if err != nil {
		return err
	}
	inUse.Lock()
	defer inUse.Unlock()
	if l, ok := inUse.locks[path]; ok { // another goroutine got there first
		l.refs++
		f.Close()
		return nil
	}
	inUse.locks[path] = &inUseLock{f: f, refs: 1}
	return nil
}

// releaseInUse drops one reference to the use lock at path.
func releaseInUse(path string) {
	inUse.Lock()
	defer inUse.Unlock()
	l, ok := inUse.locks[path]
	if !ok {
		return
	}
	if l.refs--; l.refs == 0 {
		l.f.Close()
		delete(inUse.locks, path)
	}
}

// heldInProcess reports whether this process holds the use lock at path;
// Prune must skip those, and the file lock alone cannot say so on every
// platform.
func heldInProcess(path string) bool {
	inUse.Lock()
	defer inUse.Unlock()
	_, ok := inUse.locks[path]
	return ok
}
