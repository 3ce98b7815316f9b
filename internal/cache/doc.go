// Package cache owns cleanexit's cache folder: where it is, what lives in
// it under which name, and the verbs that look at it and bound it (size,
// list, prune, clear, verify) behind `cleanexit cache`.
//
// Everything cleanexit keeps between runs is in one folder, the root:
// $CLEANEXIT_CACHE, else <user cache dir>/cleanexit (see [Default]). Its
// layout:
//
//	envs/ locks/ pip/ private/   environments, their locks, pip copies, runs'
//	                             private copies; laid out inside by
//	                             internal/envs, which gets the root
//	ext/                         build-ext outputs (internal/script), each
//	                             with its seal, NAME.sha256 (internal/sealed)
//	identities.json              interpreter identities (toolchains)
//	scans.json                   the interpreter-named entries of the folders
//	                             discovery lists (toolchains)
//	test-times.txt               each run's last duration, for --order
//	                             (internal/fswatch)
//	bisect/<hash>/               clones `cleanexit bisect` made
//
// Other packages do not spell these names: they ask a [Dir] for the path
// (the toolchains package still appends identities.json and scans.json to
// the folder it is given; see [Dir.Identities]).
//
// Non-goals: deciding what goes into an environment (internal/envs) or what
// a build-ext output is keyed by (internal/script).
package cache
