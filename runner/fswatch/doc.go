// Package fswatch tells whether anything under a set of folders changed
// since it was last asked, for the checks that run after every run: the
// corpus guard (runner/untouched.go) and the shared environment's
// after-run verification (runner/envs/afterrun.go). Both used to walk
// their trees after each run; on a corpus of trivial cases the two walks
// and the reaper's /proc reads doubled cleanexit's own CPU time per run
// (perf, issue 12's regression of workload 1).
//
// A Watcher answers from the kernel's own record of writes (inotify on
// Linux): asking costs one read when nothing changed. It does not judge:
// it names the folders where something happened, and the caller, which
// knows what "changed" means for its tree, does its exact comparison
// only then. Where the kernel's queue overflowed, or a folder could not be
// watched, it says so, and the caller compares everything, as it would
// without a Watcher. Elsewhere than Linux New fails and callers walk.
//
// What inotify cannot see, the Watcher cannot either: writes through a
// shared memory mapping, and changes on network file systems made by
// another machine. Both need a process that is not the case's, on a
// corpus folder it mapped or shares, which the sandbox (--sandbox) rules
// out.
package fswatch
