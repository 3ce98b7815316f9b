package authoring

import (
	"fmt"
	"io"
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
// cases.ErrorList. Nothing checked is not "ok": args that name no case
// are an error, so that they cannot keep a pull request's gate green.
func Check(corpus string, args []string) ([]*cases.Case, error) {
	if corpus == "" {
		corpus = "corpus"
	}
	_, cs, err := cases.LoadArgs(corpus, args)
	if err == nil && len(cs) == 0 {
		where := strings.Join(args, " ")
		if where == "" {
			where = corpus
		}
		return nil, fmt.Errorf("no case to check in %s", where)
	}
	var errs cases.ErrorList
	if err != nil {
		l, ok := err.(cases.ErrorList)
		if !ok {
			return nil, err
		}
		errs = append(l, lintUnloaded(unloaded(l, cs))...)
	}
	errs = append(errs, lint(cs)...)
	errs.Sort()
	return cs, errs.Err()
}

// WriteBuildEnv lists the cases that pass the caller's variables to their
// environment build (index: env), so that a reviewer sees them.
func WriteBuildEnv(w io.Writer, cs []*cases.Case) {
	var lines []string
	for _, c := range cs {
		if names := c.BuildEnv(); len(names) > 0 {
			lines = append(lines, fmt.Sprintf("  %s: %s (%s)\n", c.ID(), strings.Join(names, ", "), c.File))
		}
	}
	if len(lines) > 0 {
		fmt.Fprintf(w, "%d cases pass variables of this machine to their environment build (index: env):\n%s", len(lines), strings.Join(lines, ""))
	}
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
