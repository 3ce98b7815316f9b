package fswatch

import "sync"

// kept holds the kernel watchers of closed Watchers, for New to use again.
//
// Closing an inotify instance that had watches waits for the kernel's
// grace period (SRCU, in fsnotify_destroy_group), and a session closes
// its watcher at its very end, where nothing else is left to run beside
// the wait. Removing the watches first, as Session.Close used to, only
// moved the wait: in 4 of 12 sessions of 50 trivial runs, cleanexit still
// exited 16-18 ms after the last run's interpreter, against 3-4 ms in the
// others (perf's process exec and exit events). A process that exits
// with the instance open does not wait: the kernel drops an exiting
// task's last file references from a worker thread. With Close keeping
// the instance, 12 sessions of 12 exited 2.4-6.8 ms after their last run.
//
// So Close keeps the instance, watches and all, and New takes it back,
// removing the old watches and discarding what they queued before it
// watches anything new (reset).
//
// A kept instance still queues events for the old trees until it is taken
// back or the process exits; the kernel bounds that queue. Watch
// descriptors are never reused by an instance (the kernel allocates them
// cyclically), so an event of an old watch cannot pass for a new one's.
var kept struct {
	sync.Mutex
	idle []watcher
}

// maxKept bounds how many instances a process keeps: beyond that, more
// Watchers closed than opened since (tests that run sessions side by
// side), the instance is closed and its Close waits as it always did.
// Each kept instance counts against the user's limit on inotify
// instances (128 by default, for every program of the user).
const maxKept = 2

// keep takes w back from a Watcher that no longer uses it.
func keep(w watcher) {
	kept.Lock()
	if len(kept.idle) < maxKept {
		kept.idle = append(kept.idle, w)
		kept.Unlock()
		return
	}
	kept.Unlock()
	w.close()
}

// takeKept returns a kept instance, reset to watch nothing, or nil.
func takeKept() watcher {
	kept.Lock()
	n := len(kept.idle)
	if n == 0 {
		kept.Unlock()
		return nil
	}
	w := kept.idle[n-1]
	kept.idle = kept.idle[:n-1]
	kept.Unlock()
	w.reset()
	return w
}
