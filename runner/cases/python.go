package cases

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/runner/pep440"
)

// A PythonSelector is one entry of a case's `python` key: an exact version
// ("3.13", "3.12.1", "3.13t", "3.11d", "3.13td") or a PEP 440 specifier
// (">=3.10,<3.14").
type PythonSelector struct {
	Text         string
	Line         int
	Exact        []int // release segments of an exact version: [3 13] or [3 12 1]
	Spec         *pep440.Specifier
	FreeThreaded bool // a "t" suffix: only free-threaded builds
	Debug        bool // a "d" suffix: only debug (Py_DEBUG) builds
}

// A PythonBuild is what a selector looks at in an interpreter: its version
// and the two build options that make a different ABI.
type PythonBuild struct {
	Major, Minor, Micro int
	FreeThreaded        bool
	Debug               bool
}

// ParsePythonSelector parses one `python` entry.
func ParsePythonSelector(s string) (PythonSelector, error) {
	sel := PythonSelector{Text: s}
	text := strings.TrimSpace(s)
	if text == "" {
		return sel, fmt.Errorf("empty python version")
	}
	if strings.ContainsAny(text[:1], "<>=!~") {
		spec, err := pep440.ParseSpecifier(text)
		if err != nil {
			return sel, fmt.Errorf("python %q: %v", s, err)
		}
		sel.Spec = &spec
		return sel, nil
	}
	// CPython's ABI flags, in its order: python3.13td, never 3.13dt.
	if d, ok := strings.CutSuffix(text, "d"); ok {
		text, sel.Debug = d, true
	}
	if t, ok := strings.CutSuffix(text, "t"); ok {
		text, sel.FreeThreaded = t, true
	}
	parts := strings.Split(text, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return sel, fmt.Errorf("python %q: want a version such as 3.13, 3.12.1, 3.13t (free-threaded) or 3.11d (debug), or a specifier such as \">=3.10,<3.14\"", s)
	}
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return sel, fmt.Errorf("python %q: %q is not a number (want a version such as 3.13, or a specifier such as \">=3.10\")", s, p)
		}
		sel.Exact = append(sel.Exact, n)
	}
	return sel, nil
}

// Matches reports whether an interpreter of the given version and build
// is selected. Specifiers select standard builds only; a free-threaded or
// debug build is a different ABI (cp313t, cpython-311d) and is asked for
// by name: "3.13t", "3.11d".
func (s PythonSelector) Matches(b PythonBuild) bool {
	if s.Spec != nil {
		if b.FreeThreaded || b.Debug {
			return false
		}
		v, err := pep440.ParseVersion(fmt.Sprintf("%d.%d.%d", b.Major, b.Minor, b.Micro))
		return err == nil && s.Spec.Contains(v, true)
	}
	if s.FreeThreaded != b.FreeThreaded || s.Debug != b.Debug {
		return false
	}
	got := []int{b.Major, b.Minor, b.Micro}
	for i, n := range s.Exact {
		if got[i] != n {
			return false
		}
	}
	return true
}
