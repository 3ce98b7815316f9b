package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"gopkg.in/yaml.v3"
)

// A Corpus is a folder of projects, each a folder of cases, with optional
// suite defaults in corpus.yaml at its root.
type Corpus struct {
	Root  string
	Suite Suite
	Cases []*Case // sorted by ID
}

// Suite holds defaults that apply to every case of a corpus.
type Suite struct {
	Python    []PythonSelector // empty: every discovered CPython ≥ 3.8
	Index     Index
	Backtrace string // off, crash, always; "" is crash

	// Sandbox confines every python and exec of the corpus's scripts, as
	// `cleanexit run --sandbox` does: for a corpus whose
	// cases its runners did not all write.
	Sandbox bool
}

// SuiteFile is the name of the suite defaults file at a corpus root.
const SuiteFile = "corpus.yaml"

// LoadCorpus loads every case under root: root/<project>/<name>.txtar.
// It returns all cases that loaded and an ErrorList of all that did not, so
// that one bad case does not hide the others.
func LoadCorpus(root string) (*Corpus, error) {
	c := &Corpus{Root: root}
	var errs ErrorList
	if s, err := LoadSuite(filepath.Join(root, SuiteFile)); err != nil {
		errs = append(errs, asList(err)...)
	} else {
		c.Suite = s
	}
	projects, err := os.ReadDir(root)
	if err != nil {
		return nil, ErrorList{{File: root, Msg: err.Error()}}
	}
	var files, projectOf []string
	for _, p := range projects {
		if strings.HasPrefix(p.Name(), ".") || p.Name() == "testdata" {
			continue
		}
		dir := filepath.Join(root, p.Name())
		if p.Type()&os.ModeSymlink != 0 {
			// A linked project is a project, if the link stays in the
			// corpus; one that leaves it is refused by name, never
			// left out in silence.
			target, ok := within(root, dir)
			if !ok {
				errs = append(errs, &Error{File: dir, Msg: "is a link out of the corpus (to " + linkTarget(dir) + "); cleanexit follows links only within it: copy the project in, or run that tree with --corpus"})
				continue
			}
			if fi, err := os.Stat(target); err != nil || !fi.IsDir() {
				continue
			}
		} else if !p.IsDir() {
			continue
		}
		for _, f := range caseFiles(dir) {
			if fi, err := os.Lstat(f); err == nil && fi.Mode()&os.ModeSymlink != 0 {
				if _, ok := within(root, f); !ok {
					errs = append(errs, &Error{File: f, Msg: "is a link out of the corpus (to " + linkTarget(f) + "); cleanexit follows links only within it: copy the case in"})
					continue
				}
			}
			files, projectOf = append(files, f), append(projectOf, p.Name())
		}
	}
	cases, loadErrs := loadAll(files, projectOf)
	c.Cases = cases
	errs = append(errs, loadErrs...)
	sort.Slice(c.Cases, func(i, j int) bool { return c.Cases[i].ID() < c.Cases[j].ID() })
	errs.Sort()
	return c, errs.Err()
}

// loadAll loads files[i] as a case of project projectOf[i], on every
// processor the runtime has: cases are independent, and reading and
// decoding them one after the other was most of the time before a
// session's first run (2.3 ms for 50 trivial cases, go test -bench).
func loadAll(files, projectOf []string) ([]*Case, ErrorList) {
	loaded := make([]*Case, len(files))
	failed := make([]error, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				loaded[i], failed[i] = Load(files[i], projectOf[i])
			}
		})
	}
	wg.Wait()
	var out []*Case
	var errs ErrorList
	for i := range files {
		if failed[i] != nil {
			errs = append(errs, asList(failed[i])...)
			continue
		}
		out = append(out, loaded[i])
	}
	return out, errs
}

// LoadFiles loads the named case files. A file's project is the name of its
// folder.
func LoadFiles(files []string) ([]*Case, error) {
	var named, projectOf []string
	var errs ErrorList
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			errs = append(errs, &Error{File: f, Msg: err.Error()})
			continue
		}
		named, projectOf = append(named, f), append(projectOf, filepath.Base(filepath.Dir(abs)))
	}
	out, loadErrs := loadAll(named, projectOf)
	return out, append(errs, loadErrs...).Err()
}

// LoadSuite reads a corpus.yaml; a missing file is an empty Suite.
func LoadSuite(file string) (Suite, error) {
	var s Suite
	if err := regularFile(file); os.IsNotExist(err) {
		return s, nil
	} else if err != nil {
		return s, ErrorList{{File: file, Msg: err.Error()}}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return s, ErrorList{{File: file, Msg: err.Error()}}
	}
	d := &decoder{file: file}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		d.syntaxError(err)
		return s, d.errs
	}
	if len(doc.Content) == 0 {
		return s, nil
	}
	holder := &Case{Dir: filepath.Dir(file)}
	v := &Variant{}
	d.mapping(doc.Content[0], SuiteFile, []string{"python", "index", "sandbox", "backtrace"}, func(key string, k, n *yaml.Node) {
		if key == "sandbox" {
			s.Sandbox, _ = d.boolean(n, key)
			return
		}
		d.decodeKey(holder, v, key, n)
	})
	s.Python, s.Index, s.Backtrace = v.Python, v.Index, v.Backtrace
	return s, d.errs.Err()
}

func asList(err error) ErrorList {
	if l, ok := err.(ErrorList); ok {
		return l
	}
	return ErrorList{{Msg: err.Error()}}
}

// MatchesID reports whether pattern names id, a case's ID or a run's: the
// whole ID, or a prefix of it that ends at a "/" ("mlir",
// "mlir/context-shutdown", "mlir/context-shutdown/buggy"). Slashes around
// the pattern are ignored; an empty pattern names nothing.
func MatchesID(pattern, id string) bool {
	pattern = strings.Trim(pattern, "/")
	return pattern != "" && (id == pattern || strings.HasPrefix(id, pattern+"/"))
}

// Select keeps the cases whose ID ("project/name") matches one of the
// patterns exactly or as a prefix on a / boundary ("mlir" keeps every mlir
// case). No patterns keeps all.
func Select(cs []*Case, patterns []string) ([]*Case, error) {
	if len(patterns) == 0 {
		return cs, nil
	}
	var out []*Case
	used := make([]bool, len(patterns))
	for _, c := range cs {
		for i, p := range patterns {
			if MatchesID(p, c.ID()) {
				out = append(out, c)
				used[i] = true
				break
			}
		}
	}
	for i, u := range used {
		if !u {
			return nil, fmt.Errorf("no case matches %q", patterns[i])
		}
	}
	return out, nil
}
