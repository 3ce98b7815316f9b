package cache

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// fill writes a file of n bytes at each of the paths under root.
func fill(t *testing.T, root string, n int, paths ...string) {
	t.Helper()
	for _, p := range paths {
		p = filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, n), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// everyKind is one file of each thing the cache keeps, and a stray one.
var everyKind = []string{
	"ext/0123456789abcdef.so", "identities.json", "test-times.txt", "bisect/0123456789abcdef/HEAD",
	"locks/env-0123456789abcdef.use", "pip/0123456789abcdef/pip/__init__.py", "stray.txt",
}

// TestClearEmptiesTheRoot: clear leaves nothing behind, whoever wrote it,
// and size counted all of it before.
func TestClearEmptiesTheRoot(t *testing.T) {
	d := Dir(t.TempDir())
	fill(t, string(d), 100, everyKind...)
	s, err := d.size()
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(100 * len(everyKind)); s.Total != want || s.ExtBytes != 100 {
		t.Errorf("size = %+v, want Total %d, ExtBytes 100", s, want)
	}
	if err := d.clear(); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(string(d)); len(entries) != 0 {
		t.Errorf("after clear the root holds %v", entries)
	}
	if err := Dir(filepath.Join(string(d), "never-made")).clear(); err != nil {
		t.Errorf("clear of a cache that does not exist: %v", err)
	}
}

// TestPruneByAge: what was used recently stays, what was not goes.
func TestPruneByAge(t *testing.T) {
	d := Dir(t.TempDir())
	fill(t, string(d), 10, "ext/old.so", "ext/new.so", "bisect/old/HEAD", "bisect/new/HEAD", "identities.json", "test-times.txt")
	old := time.Now().Add(-48 * time.Hour)
	for _, p := range []string{"ext/old.so", "bisect/old"} {
		if err := os.Chtimes(filepath.Join(string(d), p), old, old); err != nil {
			t.Fatal(err)
		}
	}
	p, err := d.prune(24 * time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if p.ExtFiles != 1 || p.ExtBytes != 10 || p.Clones != 1 {
		t.Errorf("prune = %+v, want one output of 10 B and one clone", p)
	}
	for _, gone := range []string{"ext/old.so", "bisect/old"} {
		if _, err := os.Stat(filepath.Join(string(d), gone)); !os.IsNotExist(err) {
			t.Errorf("%s survived the prune", gone)
		}
	}
	for _, kept := range []string{"ext/new.so", "bisect/new/HEAD", "identities.json", "test-times.txt"} {
		if _, err := os.Stat(filepath.Join(string(d), kept)); err != nil {
			t.Errorf("%s was pruned: %v", kept, err)
		}
	}
}
