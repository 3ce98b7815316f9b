package authoring

import (
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// Check loads and validates the cases args name (see cases.LoadArgs; IDs
// are looked up under corpus, "" meaning "corpus") without discovering
// interpreters or running anything: the PR gate, and fast. Beyond the core
// format it applies this package's rules (unique IDs, links behind every
// expected failure, files the script names, size, canonical form) to every
// case that loads, so that one broken case.yaml does not hide the other
// problems of a pull request. Every problem comes back in one sorted
// cases.ErrorList.
func Check(corpus string, args []string) ([]*cases.Case, error) {
	if corpus == "" {
		corpus = "corpus"
	}
	_, cs, err := cases.LoadArgs(corpus, args)
	var errs cases.ErrorList
	if err != nil {
		l, ok := err.(cases.ErrorList)
		if !ok {
			return nil, err
		}
		errs = append(l, LintUnloaded(unloaded(l, cs))...)
	}
	errs = append(errs, Lint(cs)...)
	errs.Sort()
	return cs, errs.Err()
}

// unloaded returns the case files the errors are about that did not load.
func unloaded(errs cases.ErrorList, loaded []*cases.Case) []string {
	seen := map[string]bool{}
	for _, c := range loaded {
		seen[c.File] = true
	}
	var out []string
	for _, e := range errs {
		if strings.HasSuffix(e.File, ".txtar") && !seen[e.File] {
			seen[e.File] = true
			out = append(out, e.File)
		}
	}
	return out
}
