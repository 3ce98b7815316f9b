// Command mutation holds the verdict core to a bar: it runs gremlins
// (github.com/go-gremlins/gremlins, pinned below) over each package in
// targets.txt, prints each package's test efficacy and mutator coverage
// beside the thresholds written there, and fails when a package falls
// short or a mutant survives that survivors.txt does not explain.
//
// A mutant is one small change to the code (a < for a <=, an && for an
// ||, a continue for a break); a test suite that lets one pass is a suite
// that would let that lie into a verdict. Equivalent mutants, changes that
// cannot alter behaviour, are listed in survivors.txt, each with a sentence
// on why, keyed by file, mutator and the text of the mutated line so that
// edits elsewhere in the file do not unlist them.
//
// Usage:
//
//	go run ./internal/mutation            # every package in targets.txt
//	go run ./internal/mutation -fast      # the packages marked fast (.ci/run)
//	go run ./internal/mutation internal/verdict
//
// Gremlins runs with `go run …@version` from the Go module proxy: nothing
// is installed, and the version is the one this file names.
package main
