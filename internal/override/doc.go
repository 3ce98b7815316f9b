// Package override runs the cases that pin a package against another build
// of it: a maintainer's wheel, a folder of wheels, an sdist, a source tree,
// or another released version (`cleanexit run --override NAME=PATH`,
// `--override NAME==VERSION`). It is the release gate: the corpus's cases
// for mlx, run against the mlx about to ship.
//
// An override replaces the requirement of NAME in each run that has one,
// and leaves out the runs that have none. A wheel or sdist is installed as
// `NAME @ file:///…#sha256=…`, so that its environment is keyed by the
// file's contents (and never shared with the pinned one's); a source tree
// is keyed by its files, as any local requirement is. A build whose
// version does not satisfy a case's pin still runs, and the run says so.
//
// Non-goals: overriding a package a case does not name (a dependency of
// one), and building wheels.
package override
