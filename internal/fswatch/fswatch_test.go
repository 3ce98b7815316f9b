package fswatch

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

func newTestWatcher(t *testing.T) *Watcher {
	t.Helper()
	w, err := New()
	if runtime.GOOS != "linux" {
		if err == nil {
			t.Fatal("New succeeded where there is no inotify")
		}
		t.Skipf("no watcher on %s: %v", runtime.GOOS, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestChangesSeesEveryKindOfChange makes each kind of change a case could
// make to a watched tree and checks that each is reported, where it
// happened, and that a quiet tree reports nothing.
func TestChangesSeesEveryKindOfChange(t *testing.T) {
	for _, files := range []bool{false, true} {
		t.Run(map[bool]string{false: "Tree", true: "TreeAndFiles"}[files], func(t *testing.T) {
			testChangesSeesEveryKindOfChange(t, files)
		})
	}
}

func testChangesSeesEveryKindOfChange(t *testing.T, files bool) {
	root := t.TempDir()
	write(t, filepath.Join(root, "p", "a.txtar"), "a")
	write(t, filepath.Join(root, "p", "deep", "b.txtar"), "b")
	write(t, filepath.Join(root, "pkg", "build", "x.o"), "o")
	w := newTestWatcher(t)
	skip := func(name string) bool { return name == "build" }
	add := w.Tree
	if files {
		add = w.TreeAndFiles
	}
	if err := add(root, skip); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		change func()
		want   string // a path Changes must name; "" for none at all
	}{
		{"nothing", func() {}, ""},
		{"reading", func() { os.ReadFile(filepath.Join(root, "p", "a.txtar")) }, ""},
		{"append", func() {
			f, _ := os.OpenFile(filepath.Join(root, "p", "a.txtar"), os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString("more")
			f.Close()
		}, filepath.Join(root, "p", "a.txtar")},
		{"plant", func() { write(t, filepath.Join(root, "p", "planted.txtar"), "x") }, filepath.Join(root, "p", "planted.txtar")},
		{"deep", func() { write(t, filepath.Join(root, "p", "deep", "b.txtar"), "B") }, filepath.Join(root, "p", "deep", "b.txtar")},
		{"remove", func() { os.Remove(filepath.Join(root, "p", "planted.txtar")) }, filepath.Join(root, "p", "planted.txtar")},
		{"rename", func() { os.Rename(filepath.Join(root, "p", "a.txtar"), filepath.Join(root, "p", "c.txtar")) }, filepath.Join(root, "p", "c.txtar")},
		{"chmod", func() { os.Chmod(filepath.Join(root, "p", "c.txtar"), 0o600) }, filepath.Join(root, "p", "c.txtar")},
		// A write through a shared mapping makes no IN_MODIFY; the
		// file's last close after it does.
		{"through a mapping", func() { writeMapped(t, filepath.Join(root, "p", "c.txtar"), "A") }, filepath.Join(root, "p", "c.txtar")},
		{"new folder", func() { os.Mkdir(filepath.Join(root, "q"), 0o777) }, filepath.Join(root, "q")},
		// The folder made by the last change is watched now.
		{"in the new folder", func() { write(t, filepath.Join(root, "q", "d.txtar"), "d") }, filepath.Join(root, "q", "d.txtar")},
		// p/deep had no folder when it was watched, and was not read.
		{"folder in a folder that had none", func() { os.Mkdir(filepath.Join(root, "p", "deep", "e"), 0o777) }, filepath.Join(root, "p", "deep", "e")},
		{"in that folder", func() { write(t, filepath.Join(root, "p", "deep", "e", "f.txtar"), "f") }, filepath.Join(root, "p", "deep", "e", "f.txtar")},
		{"skipped folder", func() { write(t, filepath.Join(root, "pkg", "build", "y.o"), "o") }, ""},
	} {
		tt.change()
		got, overflow := w.Changes(root)
		if overflow {
			t.Errorf("%s: overflow", tt.name)
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%s: Changes = %q, want none", tt.name, got)
		case tt.want != "" && !slices.Contains(got, tt.want):
			t.Errorf("%s: Changes = %q, want %s among them", tt.name, got, tt.want)
		}
	}
}

// TestChangesAfterClose: a closed watcher can vouch for nothing.
func TestChangesAfterClose(t *testing.T) {
	w := newTestWatcher(t)
	root := t.TempDir()
	if err := w.Tree(root, nil); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if _, overflow := w.Changes(root); !overflow {
		t.Error("a closed watcher answered that nothing changed")
	}
	if err := w.Tree(t.TempDir(), nil); err == nil {
		t.Error("a closed watcher took a tree")
	}
}

// TestClosedWatcherTouchesNothing: a Watcher closed twice releases its
// kernel watcher once, and neither it nor its kernel watcher stands
// between the Watchers made after it and their events.
func TestClosedWatcherTouchesNothing(t *testing.T) {
	closed := newTestWatcher(t)
	closed.Close()
	closed.Close()
	b, c := newTestWatcher(t), newTestWatcher(t)
	if b.w == c.w {
		t.Fatal("two open Watchers share one kernel watcher")
	}
	rootB, rootC := t.TempDir(), t.TempDir()
	for _, wr := range []struct {
		w    *Watcher
		root string
	}{{b, rootB}, {c, rootC}} {
		if err := wr.w.Tree(wr.root, nil); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(wr.root, "f"), "x")
		if _, overflow := closed.Changes(wr.root); !overflow {
			t.Error("a closed watcher answered that nothing changed")
		}
		if paths, _ := wr.w.Changes(wr.root); !slices.Equal(paths, []string{filepath.Join(wr.root, "f")}) {
			t.Errorf("Changes(%s) = %q, want its one file: the closed watcher took the events", wr.root, paths)
		}
	}
	if err := closed.Tree(t.TempDir(), nil); err == nil {
		t.Error("a closed watcher took a tree")
	}
}

// TestTreeAndFilesSeesWritesThroughALink: a file hard-linked out of the
// tree and rewritten through the link, a later run's doing, is reported
// by its own watch (the link as well as the write); a folder's watch
// alone sees neither, which is why the corpus is given to TreeAndFiles.
func TestTreeAndFilesSeesWritesThroughALink(t *testing.T) {
	for _, files := range []bool{true, false} {
		w := newTestWatcher(t)
		root, outside := t.TempDir(), t.TempDir()
		file := filepath.Join(root, "p", "a.txtar")
		write(t, file, "a")
		add := w.Tree
		if files {
			add = w.TreeAndFiles
		}
		if err := add(root, nil); err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(outside, "link")
		if err := os.Link(file, link); err != nil {
			t.Fatal(err)
		}
		gotLink, _ := w.Changes(root)
		f, err := os.OpenFile(link, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("through the link")
		f.Close()
		gotWrite, _ := w.Changes(root)
		seen := slices.Contains(gotLink, file) && slices.Contains(gotWrite, file)
		if seen != files {
			t.Errorf("files=%v: the link reported %q, the write %q; want the file in both = %v", files, gotLink, gotWrite, files)
		}
	}
}

// TestTreeOfMissingFolder is an error, not a silent promise.
func TestTreeOfMissingFolder(t *testing.T) {
	w := newTestWatcher(t)
	if err := w.Tree(filepath.Join(t.TempDir(), "absent"), nil); err == nil {
		t.Error("watching a missing folder succeeded")
	}
}

// TestChangesTreeByTree: one Watcher serves several trees, and each is
// told only its own changes, however the asking interleaves; a folder
// never given to Tree is vouched for by nobody.
func TestChangesTreeByTree(t *testing.T) {
	w := newTestWatcher(t)
	a, b := t.TempDir(), t.TempDir()
	for _, root := range []string{a, b} {
		if err := w.Tree(root, nil); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(a, "x"), "x")
	write(t, filepath.Join(b, "y"), "y")
	if got, lost := w.Changes(a); lost || !slices.Equal(got, []string{filepath.Join(a, "x")}) {
		t.Errorf("Changes(a) = %q, %v", got, lost)
	}
	write(t, filepath.Join(a, "z"), "z")
	if got, lost := w.Changes(b); lost || !slices.Equal(got, []string{filepath.Join(b, "y")}) {
		t.Errorf("Changes(b) = %q, %v; want b's change, kept while a was asked", got, lost)
	}
	if got, lost := w.Changes(a); lost || !slices.Equal(got, []string{filepath.Join(a, "z")}) {
		t.Errorf("Changes(a) again = %q, %v", got, lost)
	}
	if _, lost := w.Changes(t.TempDir()); !lost {
		t.Error("a folder that is not watched was vouched for")
	}
}

// TestChangesOfNestedTrees: a folder in two trees (one root inside the
// other) reports to both, whichever was given to Tree last.
func TestChangesOfNestedTrees(t *testing.T) {
	w := newTestWatcher(t)
	outer := t.TempDir()
	inner := filepath.Join(outer, "inner")
	write(t, filepath.Join(inner, "a"), "a")
	for _, root := range []string{outer, inner} {
		if err := w.Tree(root, nil); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(inner, "b"), "b")
	want := []string{filepath.Join(inner, "b")}
	for _, root := range []string{outer, inner} {
		if got, lost := w.Changes(root); lost || !slices.Equal(got, want) {
			t.Errorf("Changes(%s) = %q, %v; want %q", root, got, lost, want)
		}
	}
}
