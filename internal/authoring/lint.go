package authoring

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/txtar"
)

// A rule is one thing the PR gate holds a loaded case to beyond the core
// format. Each rule is one function so that a message names the rule a
// contributor broke, and a new rule is one more entry in rules.
type rule struct {
	Name string
	// Text rules read only the archive's script and files, so they also
	// run on a case the core could not load: a pull request's author sees
	// every problem at once, not one per push.
	Text  bool
	Check func(c *cases.Case, archive []byte) cases.ErrorList
}

// rules are the per-case rules of `cleanexit check`, in the order their
// messages are worth reading. Links being URLs is the core's rule (see
// runner/cases); unique case IDs span cases, so they are lint's own.
var rules = []rule{
	{"placeholder", true, placeholderRule},
	{"tied-to-link", false, tiedToLinkRule},
	{"script-files", true, scriptFilesRule},
	{"runs-python", false, runsPythonRule},
	{"file-size", true, fileContentRule},
	{"fmt", true, canonicalFormRule},
}

// maxFileSize bounds every file of a case: a repro is source, and wheels,
// builds and data sets belong in a package index, not in the corpus.
const maxFileSize = 256 << 10

// lint applies rules to every case and checks that case IDs are unique.
// The cases are ones the core loaded; lint reads each file again, since
// the format and size rules are about its bytes. Problems come back sorted
// by file and line.
func lint(cs []*cases.Case) cases.ErrorList {
	errs := uniqueIDs(cs)
	for _, c := range cs {
		data, err := cases.ReadFile(c.File)
		if err != nil {
			errs = append(errs, &cases.Error{File: c.File, Msg: err.Error()})
			continue
		}
		errs = append(errs, lintCase(c, data)...)
	}
	errs.Sort()
	return errs
}

// lintCase applies rules to one case whose archive text is data.
func lintCase(c *cases.Case, data []byte) cases.ErrorList {
	var errs cases.ErrorList
	for _, r := range rules {
		errs = append(errs, r.Check(c, data)...)
	}
	return errs
}

// lintUnloaded applies the text rules to case files the core could not
// load, alongside the core's own errors about them.
func lintUnloaded(files []string) cases.ErrorList {
	var errs cases.ErrorList
	for _, f := range files {
		if fi, err := os.Lstat(f); err != nil || fi.Mode()&os.ModeSymlink != 0 {
			continue // the core has said why, or refused the link
		}
		data, err := cases.ReadFile(f)
		if err != nil {
			continue // the core has said why
		}
		c := textCase(f, data)
		for _, r := range rules {
			if r.Text {
				errs = append(errs, r.Check(c, data)...)
			}
		}
	}
	errs.Sort()
	return errs
}

// textCase is what the text rules need of a case, read without
// validation: its script and files.
func textCase(file string, data []byte) *cases.Case {
	ar := txtar.Parse(safeArchive(data))
	c := &cases.Case{File: file, Script: string(ar.Comment), ScriptLine: 1}
	for _, f := range ar.Files {
		if f.Name != "case.yaml" {
			c.Files = append(c.Files, f)
		}
	}
	return c
}

// safeArchive blanks "-- --" lines, which panic txtar.Parse (the core
// reports them).
func safeArchive(data []byte) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		t := strings.TrimRight(l, "\r\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && strings.TrimSpace(t[2:len(t)-2]) == "" {
			lines[i] = "\n"
		}
	}
	return []byte(strings.Join(lines, ""))
}

// uniqueIDs reports cases whose IDs are equal, or equal but for letter
// case: a macOS or Windows checkout would hold only one of them.
func uniqueIDs(cs []*cases.Case) cases.ErrorList {
	var errs cases.ErrorList
	first := map[string]*cases.Case{}
	for _, c := range cs {
		key := strings.ToLower(c.ID())
		prev, ok := first[key]
		if ok && sameFile(prev, c) {
			continue // one file named twice on the command line
		}
		if !ok {
			first[key] = c
			continue
		}
		if prev.ID() == c.ID() {
			errs = append(errs, &cases.Error{File: c.File, Msg: fmt.Sprintf("case id %q is also %s; give one a new name", c.ID(), prev.File)})
		} else {
			errs = append(errs, &cases.Error{File: c.File, Msg: fmt.Sprintf("case id %q differs from %q (%s) only in letter case; macOS and Windows checkouts would keep one of them", c.ID(), prev.ID(), prev.File)})
		}
	}
	return errs
}

func sameFile(a, b *cases.Case) bool {
	return filepath.Join(a.Dir, filepath.Base(a.File)) == filepath.Join(b.Dir, filepath.Base(b.File))
}

// canonicalFormRule is `cleanexit fmt --check` as a rule.
func canonicalFormRule(c *cases.Case, data []byte) cases.ErrorList {
	if bytes.Contains(data, []byte("\r\n")) {
		return nil // the core refuses CRLF, in one message
	}
	formatted, err := formatArchive(data)
	if errors.Is(err, errInvalidYAML) {
		return nil // the core reports where
	}
	if err != nil {
		line := 0
		if start, _, ok := caseYAMLSpan(data); ok {
			line = lineAt(data, start)
		}
		return cases.ErrorList{{File: c.File, Line: line, Msg: err.Error()}}
	}
	if string(formatted) == string(data) {
		return nil
	}
	line, want := firstDifference(data, formatted)
	return cases.ErrorList{{File: c.File, Line: line, Msg: fmt.Sprintf(
		"case.yaml is not in canonical form (want %q here); run: cleanexit fmt %s", want, c.File)}}
}

// firstDifference returns the 1-based line where two texts first differ
// and that line of want.
func firstDifference(have, want []byte) (int, string) {
	h, w := strings.Split(string(have), "\n"), strings.Split(string(want), "\n")
	for i := range w {
		if i >= len(h) || h[i] != w[i] {
			return i + 1, w[i]
		}
	}
	return len(w), ""
}

// lineAt is the 1-based line of byte offset off.
func lineAt(data []byte, off int) int {
	return strings.Count(string(data[:off]), "\n") + 1
}
