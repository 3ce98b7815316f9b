package override

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/sealed"
	"github.com/cleanexit/cleanexit/runner/pep440"
	"github.com/cleanexit/cleanexit/runner/pep508"
)

// An Override is one --override: the package it replaces and what with.
type Override struct {
	Name    string // normalized (pep508.Normalize)
	Given   string // the flag's value, as written, for messages
	Version string // normalized; "" for a source tree, whose version is its build's
	// Requirement is what a run installs instead of its own requirement
	// of Name: "name==1.2", "name @ file:///…whl#sha256=…", or the
	// absolute path of a source tree.
	Requirement string
	// Source is the build as the report names it ("dist/mlx-0.33.0.whl"),
	// "" for a released version.
	Source string
}

// Parse reads NAME=PATH or NAME==VERSION. PATH is a wheel, a folder that
// holds NAME's wheel (one), an sdist, or a source tree; a relative PATH
// is taken from dir. Reading a file to hash it is the only I/O.
func Parse(s, dir string) (Override, error) {
	name, rest, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return Override{}, fmt.Errorf("--override %q: want NAME=PATH (a wheel, a folder of wheels, an sdist or a source tree) or NAME==VERSION", s)
	}
	name = strings.TrimSpace(name)
	o := Override{Name: pep508.Normalize(name), Given: s}
	if r, err := pep508.Parse(name); err != nil || r.Name == "" || pep508.Normalize(r.Name) != o.Name || r.Specifier != "" || len(r.Extras) > 0 {
		return Override{}, fmt.Errorf("--override %q: %q is not a package name", s, name)
	}
	if v, ok := strings.CutPrefix(rest, "="); ok {
		ver, err := pep440.ParseVersion(strings.TrimSpace(v))
		if err != nil {
			return Override{}, fmt.Errorf("--override %q: %v", s, err)
		}
		o.Version = ver.String()
		o.Requirement = o.Name + "==" + o.Version
		return o, nil
	}
	if rest == "" {
		return Override{}, fmt.Errorf("--override %q: no path after =", s)
	}
	path := rest
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	info, err := os.Stat(path)
	if err != nil {
		return Override{}, fmt.Errorf("--override %q: %v", s, err)
	}
	o.Source = rest
	if info.IsDir() {
		wheel, err := wheelIn(path, o.Name)
		if err != nil {
			return Override{}, fmt.Errorf("--override %q: %v", s, err)
		}
		if wheel == "" { // a source tree: pip builds it
			o.Requirement = path
			return o, nil
		}
		path = wheel
		o.Source = filepath.Join(rest, filepath.Base(wheel))
	}
	v, ok := pep508.FileVersion(filepath.Base(path), o.Name)
	if !ok {
		return Override{}, fmt.Errorf("--override %q: %s is not a wheel or sdist of %s (want %s-VERSION…whl or %s-VERSION.tar.gz)", s, filepath.Base(path), o.Name, o.Name, o.Name)
	}
	sum, err := sealed.Hash(path)
	if err != nil {
		return Override{}, fmt.Errorf("--override %q: %v", s, err)
	}
	o.Version = v
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path), Fragment: "sha256=" + sum}
	o.Requirement = o.Name + " @ " + u.String()
	return o, nil
}

// wheelIn is the one wheel of name in dir, "" when dir holds none of its
// wheels and so is taken for a source tree.
func wheelIn(dir, name string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var found []string
	for _, e := range entries {
		if _, ok := pep508.FileVersion(e.Name(), name); ok && strings.HasSuffix(e.Name(), ".whl") {
			found = append(found, e.Name())
		}
	}
	switch len(found) {
	case 0:
		if !sourceTree(dir) {
			return "", fmt.Errorf("%s holds no wheel of %s, and no pyproject.toml or setup.py", dir, name)
		}
		return "", nil
	case 1:
		return filepath.Join(dir, found[0]), nil
	}
	return "", fmt.Errorf("%s holds %d wheels of %s (%s): name one", dir, len(found), name, strings.Join(found, ", "))
}

func sourceTree(dir string) bool {
	for _, f := range []string{"pyproject.toml", "setup.py"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return true
		}
	}
	return false
}

// Label is how a report names what ran: "mlx 0.33.0.dev0 (override:
// dist/mlx-0.33.0.dev0-….whl)", "mlx 0.32.0 (override)".
func (o Override) Label() string {
	s := o.Name
	if o.Version != "" {
		s += " " + o.Version
	}
	if o.Source == "" {
		return s + " (override)"
	}
	return s + " (override: " + o.Source + ")"
}
