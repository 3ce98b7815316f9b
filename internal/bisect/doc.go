// Package bisect finds the release or the commit of a package that broke a
// case's clean exit.
//
// Every regression in the corpus starts with the same search by hand:
// install the package at some version, run the repro, halve the range. This
// package makes it one command that reuses the case, the environment cache
// and the diagnosis:
//
//   - Versions: the versions of a package between a good and a bad end are
//     listed from the run's find-links folders and index pages (the simple
//     repository API), ordered by PEP 440, and binary-searched; each step
//     runs the case with `NAME==v` in place of the case's pin.
//   - Commits: real `git bisect` runs in a clone, with `git bisect run`
//     calling cleanexit once per commit; each commit's package is installed
//     from the clone as `git+file:///clone@SHA#egg=NAME`, a form pip accepts
//     (it refuses `NAME @ git+file:///…`, a URL with no host).
//
// A step is good when the case passes its clean expectation, bad when it
// fails the way the case's known-bad variant declares (any crash when there
// is none), and skip when the environment cannot be made or the run fails
// some other way: skipped steps are stepped around, as `git bisect skip`
// does, and named in the result. The mapping onto git's convention (0 good,
// 1 bad, 125 skip) is [Verdict.ExitCode]; a crashing child's own 134 or 139
// never becomes cleanexit's status, because git aborts a bisection on any
// status of 128 or more.
//
// Non-goals: resolving dependency ranges (only the named package moves),
// bisecting several packages at once, and building wheels itself (pip
// builds a commit as it would for a user).
package bisect
