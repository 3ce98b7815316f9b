// Package fswatch tells whether anything under a set of folders changed
// since it was last asked, for the seals (internal/seal) checked after
// every run: without it, a walk of each sealed tree after each run doubled
// cleanexit's own CPU time per run on a corpus of trivial cases.
//
// A Watcher answers from the kernel's own record of writes (inotify on
// Linux): asking costs one read when nothing changed. It does not judge:
// it names the folders where something happened, and the caller, which
// knows what "changed" means for its tree, does its exact comparison
// only then. Where the kernel's queue overflowed, or a folder could not be
// watched, it says so, and the caller compares everything, as it would
// without a Watcher. Elsewhere than Linux New fails and callers walk.
//
// Watching a tree takes a watch per folder, and knowing the folders takes
// reading every one of them: 2-3.5 ms for a standard library, before a
// session's first run.
//
// A write through a shared memory mapping makes no write event; it is
// seen at the file's last close (IN_CLOSE_WRITE), which comes at the
// latest when the writer exits, and every process of a run has ended
// before its checks ask. What inotify cannot see at all, the Watcher
// cannot either: changes on network file systems made by another
// machine, which needs a process that is not the case's on a corpus
// folder it shares, and a mapping kept by a process that outlives the
// run, which the reaper does not allow.
package fswatch
