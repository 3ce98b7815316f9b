package authoring

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/exitstatus"

	"github.com/rogpeppe/go-internal/txtar"
)

// Keys are the case.yaml keys an author gives `new` and `import` on the
// command line; each one given replaces what the draft had.
type Keys struct {
	Summary                 string
	Python, Packages, Links []string
	// ModuleAlias maps a module the test imports to the installed module
	// that provides it (case.yaml module-alias).
	ModuleAlias map[string]string
	// Files are support files the test's commands name, NAME=PATH: the
	// file at PATH kept in the archive as NAME (a lit suite's mypy.ini).
	Files []string
}

// AddFiles reads k.Files into the draft's archive, after its own files.
func (k Keys) AddFiles(d *Draft) error {
	for _, f := range k.Files {
		name, p, ok := strings.Cut(f, "=")
		if !ok || name == "" || p == "" || path.IsAbs(name) || strings.HasPrefix(path.Clean(name), "..") {
			return fmt.Errorf("--file %q: want NAME=PATH, NAME relative to the test's folder (test/python/mypy.ini=../mlir/test/python/mypy.ini)", f)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("--file: %v", err)
		}
		d.files = append(d.files, txtar.File{Name: path.Clean(name), Data: data})
	}
	return nil
}

// Apply sets the draft's keys to k's. An imported test's summary also
// writes its story: where the case came from and where it differs from
// lit, which is all import knows; a case written by `new` has a crash to
// tell, which only its author can.
func (k Keys) Apply(d *Draft) {
	d.summary = k.Summary
	d.python, d.packages, d.links = k.Python, k.Packages, k.Links
	d.moduleAlias = k.ModuleAlias
	if d.importedFrom != "" && k.Summary != "" {
		d.story = d.importStory()
	}
}

// A NewRequest is what `cleanexit new` is told: the keys, and the repro
// and the extension's sources by path.
type NewRequest struct {
	Keys
	Requires []string
	From     []string // the repro's .py files, each run by the script in order; none drafts a stub to replace
	Sources  []string // C or C++ files of the extension the repro imports
	With     string   // the binding library the sources use
	FixFlag  string   // the macro that turns the fix on
	// Exit is how the known-bad form ends, in exit's words (crash,
	// SIGABRT, 134, timeout): the buggy variant's with FixFlag (crash
	// when ""), else the case's own.
	Exit string
}

// Draft reads the files r names and drafts the case: the repro's, with
// r's keys, then the extension, which adds to them (requires: cc, the
// binding library's pin).
func (r NewRequest) Draft() (*Draft, error) {
	var repros []txtar.File
	for _, from := range r.From {
		repro, err := os.ReadFile(from)
		if err != nil {
			return nil, fmt.Errorf("--from: %v", err)
		}
		repros = append(repros, txtar.File{Name: from, Data: repro})
	}
	d, err := newDraft(repros)
	if err != nil {
		return nil, err
	}
	r.Keys.Apply(d)
	d.requires = r.Requires
	if r.Exit != "" {
		if _, err := exitstatus.ParseWord(r.Exit); err != nil {
			return nil, fmt.Errorf("--exit: %v", err)
		}
		if r.FixFlag == "" {
			d.exit = r.Exit
		}
	}
	ext := extension{With: r.With, FixFlag: r.FixFlag, BuggyExit: r.Exit}
	if ext.Sources, err = readSources(r.Sources); err != nil {
		return nil, fmt.Errorf("--source: %v", err)
	}
	if err := d.addExtension(ext); err != nil {
		return nil, err
	}
	return d, nil
}

// readSources reads the C or C++ files at paths as an extension's
// sources, each named by its base name, as the script's build-ext names it.
func readSources(paths []string) ([]txtar.File, error) {
	var files []txtar.File
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		files = append(files, txtar.File{Name: filepath.Base(p), Data: data})
	}
	return files, nil
}
