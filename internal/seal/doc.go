// Package seal holds folder trees to what they were, and says after each
// run what the run changed in them: the corpus and HOME's configuration
// (runner/untouched.go), the interpreters' standard libraries
// (runner/libraries.go) and the cached environments
// (internal/envs/afterrun.go). One type serves the three, over the
// session's one watcher.
//
// A [Seal] asks the watcher (internal/fswatch) first: a tree in which the
// kernel reported nothing costs one read. Where it reported something,
// lost events, or cannot watch, the Seal compares the tree with its
// snapshot, entry by entry: kind, size, time, mode and a link's target,
// and for a tree sealed by content the hash of a file whose size or time
// moved or that the kernel reported written. An unwatched tree too large
// to walk after every run is compared by its folders' times.
//
// It lives beside fswatch, not in it: fswatch says where the kernel saw
// events and judges nothing, while what counts as a change (a touch
// without a new content, a folder a package build writes) is the seal's.
// And it is not internal/sealed, which keeps the hash of one cached file
// beside it across sessions, checked before the file is used.
package seal
