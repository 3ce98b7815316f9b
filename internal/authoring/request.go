package authoring

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cleanexit/cleanexit/internal/exitstatus"

	"github.com/rogpeppe/go-internal/txtar"
)

// Keys are the case.yaml keys an author gives `new` and `import` on the
// command line; each one given replaces what the draft had.
type Keys struct {
	Summary                 string
	Python, Packages, Links []string
}

// Apply sets the draft's keys to k's.
func (k Keys) Apply(d *Draft) {
	d.summary = k.Summary
	d.python, d.packages, d.links = k.Python, k.Packages, k.Links
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
