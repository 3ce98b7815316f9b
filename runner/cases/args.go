package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/printable"
)

// LoadArgs resolves what a user names on a command line into cases and
// the suite defaults that apply to them. Each argument is a corpus root
// (`corpus`), a project's folder (`corpus/native`, with the corpus.yaml of
// the folder above), a case file, or a case ID or ID prefix
// (`mlir/context-shutdown`) looked up under corpus. No arguments means
// corpus itself.
//
// The cases that load are returned even when others do not, beside one
// sorted ErrorList of every problem: a run stops at the errors, the PR
// gate goes on to lint the rest. An ID that names no case is an error of
// its own, and then no cases come back.
func LoadArgs(corpus string, args []string) (Suite, []*Case, error) {
	if len(args) == 0 {
		if fi, err := os.Stat(corpus); err != nil || !fi.IsDir() {
			return Suite{}, nil, fmt.Errorf("--corpus: %s is not a folder of cases (set --corpus or CLEANEXIT_CORPUS, or name the cases)", printable.Name(corpus))
		}
		args = []string{corpus}
	}
	var suite Suite
	var out []*Case
	var ids []string
	var errs ErrorList
	for _, a := range args {
		fi, err := os.Stat(a)
		var project []string // the case files of a project folder
		if err == nil && fi.IsDir() {
			project = caseFiles(a)
		}
		switch {
		case len(project) > 0:
			// A folder that holds case files is a project (corpus/mlx),
			// never a corpus root, whose cases are one level down: taken
			// as a root, it held no case and "0 cases ok" was green.
			cs, err := LoadFiles(project)
			errs = appendErr(errs, err)
			out = append(out, cs...)
			if abs, err := filepath.Abs(a); err == nil {
				if s, err := LoadSuite(filepath.Join(filepath.Dir(abs), SuiteFile)); err == nil {
					suite = s
				}
			}
		case err == nil && fi.IsDir():
			c, err := LoadCorpus(a)
			errs = appendErr(errs, err)
			if c != nil {
				suite = c.Suite
				out = append(out, c.Cases...)
			}
		case err == nil:
			cs, err := LoadFiles([]string{a})
			errs = appendErr(errs, err)
			out = append(out, cs...)
			if s, err := LoadSuite(filepath.Join(filepath.Dir(filepath.Dir(a)), SuiteFile)); err == nil {
				suite = s
			}
		case strings.HasSuffix(a, ".txtar"):
			errs = append(errs, &Error{File: a, Msg: "no such case file"})
		default:
			ids = append(ids, filepath.ToSlash(a))
		}
	}
	if len(ids) > 0 {
		c, err := LoadCorpus(corpus)
		errs = appendErr(errs, err)
		if c != nil {
			suite = c.Suite
			sel, err := Select(c.Cases, ids)
			if err != nil {
				return suite, nil, fmt.Errorf("%v (cases are named project/name, under %s)", err, corpus)
			}
			out = append(out, sel...)
		}
	}
	errs.Sort()
	return suite, once(out), errs.Err()
}

// once drops the cases named a second time (a file given twice, or inside
// a folder also given): a case named twice runs once.
func once(cs []*Case) []*Case {
	seen := map[string]bool{}
	out := cs[:0]
	for _, c := range cs {
		key := filepath.Join(c.Dir, filepath.Base(c.File))
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, c)
	}
	return out
}

func appendErr(errs ErrorList, err error) ErrorList {
	if err == nil {
		return errs
	}
	return append(errs, asList(err)...)
}
