package authoring

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The keys given on the command line come before the extension adds to
// them: a binding library the author pinned is not pinned twice, and cc
// joins the author's requires rather than replacing them.
func TestNewRequestKeysBeforeExtension(t *testing.T) {
	dir := t.TempDir()
	repro, src := filepath.Join(dir, "repro.py"), filepath.Join(dir, "ext.cpp")
	os.WriteFile(repro, []byte("import ext\n"), 0o666)
	os.WriteFile(src, []byte("#include <nanobind/nanobind.h>\nNB_MODULE(ext, m) {}\n"), 0o666)
	r := NewRequest{
		Keys:     Keys{Summary: "s", Packages: []string{"nanobind==2.9.0"}, Python: []string{"3.12"}},
		Requires: []string{"linux"},
		From:     []string{repro}, Sources: []string{src}, With: "nanobind",
	}
	d, err := r.Draft()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.packages, []string{"nanobind==2.9.0"}) || !slices.Equal(d.requires, []string{"linux", "cc"}) || !slices.Equal(d.python, []string{"3.12"}) {
		t.Errorf("packages %q, requires %q, python %q", d.packages, d.requires, d.python)
	}
	if _, err := (NewRequest{From: []string{filepath.Join(dir, "missing.py")}}).Draft(); err == nil || !strings.HasPrefix(err.Error(), "--from: ") {
		t.Errorf("a missing repro: %v", err)
	}
	if _, err := (NewRequest{Sources: []string{filepath.Join(dir, "missing.cpp")}}).Draft(); err == nil || !strings.HasPrefix(err.Error(), "--source: ") {
		t.Errorf("a missing source: %v", err)
	}
}
