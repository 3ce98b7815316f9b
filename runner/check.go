package runner

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/runner/authoring"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// Check loads and validates the cases the config names without discovering
// interpreters or running anything: the PR gate, and fast. Beyond the core
// format it applies authoring's rules (unique IDs, links behind every
// expected failure, files the script names, size, canonical form) to every
// case that loads, so that one broken case.yaml does not hide the other
// problems of a pull request. Every problem comes back in one sorted
// cases.ErrorList.
func Check(cfg Config) ([]*cases.Case, error) {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	if cfg.Corpus == "" {
		cfg.Corpus = "corpus"
	}
	_, cs, err := loadCases(cfg)
	var errs cases.ErrorList
	if err != nil {
		l, ok := err.(cases.ErrorList)
		if !ok {
			return nil, err
		}
		errs = l
		cs = loadable(cfg)
		errs = append(errs, authoring.LintUnloaded(unloaded(l, cs))...)
	}
	errs = append(errs, authoring.Lint(cs)...)
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

// loadable returns the cases the config names that load on their own,
// when some others do not.
func loadable(cfg Config) []*cases.Case {
	args := cfg.Args
	if len(args) == 0 {
		args = []string{cfg.Corpus}
	}
	var out []*cases.Case
	var ids []string
	for _, a := range args {
		fi, err := os.Stat(a)
		switch {
		case err == nil && fi.IsDir():
			if c, _ := cases.LoadCorpus(a); c != nil {
				out = append(out, c.Cases...)
			}
		case err == nil:
			cs, _ := cases.LoadFiles([]string{a})
			out = append(out, cs...)
		case !strings.HasSuffix(a, ".txtar"):
			ids = append(ids, filepath.ToSlash(a))
		}
	}
	if len(ids) > 0 {
		if c, _ := cases.LoadCorpus(cfg.Corpus); c != nil {
			for _, cs := range c.Cases {
				for _, id := range ids {
					if p := strings.Trim(id, "/"); cs.ID() == p || strings.HasPrefix(cs.ID(), p+"/") {
						out = append(out, cs)
						break
					}
				}
			}
		}
	}
	return out
}
