package fswatch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// listedTree is a tree a/ b/ c/ (c inside b) walked once by a Watcher
// that keeps its listings in file, which the test then ages: the folders
// were made a moment ago, and a listing so fresh is not trusted (see
// listings); aged, the next walk takes it as it is.
func listedTree(t *testing.T) (root, file string) {
	t.Helper()
	root, file = t.TempDir(), filepath.Join(t.TempDir(), "listings.json")
	for _, d := range []string{"a", "b/c"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	w := newTestWatcher(t)
	w.KeepListings(file)
	if err := w.Tree(root, nil); err != nil {
		t.Fatal(err)
	}
	editListings(t, file, func(f *listingFile) { f.Written += int64(time.Minute) })
	return root, file
}

func editListings(t *testing.T, file string, edit func(*listingFile)) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var f listingFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	edit(&f)
	if b, err = json.Marshal(f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o666); err != nil {
		t.Fatal(err)
	}
}

// seen says whether a write in dir is reported by w for root.
func seen(t *testing.T, w *Watcher, root, dir string) bool {
	t.Helper()
	f := filepath.Join(dir, "x")
	write(t, f, "x")
	paths, overflow := w.Changes(root)
	return overflow || slices.Contains(paths, f)
}

// TestListingsAreUsed: a walk takes an unchanged folder's subfolders from
// the listing, without reading the folder: a listing that leaves one out
// (which no walk writes; the test does) leaves it unwatched.
func TestListingsAreUsed(t *testing.T) {
	root, file := listedTree(t)
	editListings(t, file, func(f *listingFile) {
		l := f.Folders[root]
		l.Subs = slices.DeleteFunc(l.Subs, func(s string) bool { return s == "a" })
		f.Folders[root] = l
	})
	w := newTestWatcher(t)
	w.KeepListings(file)
	if err := w.Tree(root, nil); err != nil {
		t.Fatal(err)
	}
	if seen(t, w, root, filepath.Join(root, "a")) {
		t.Error("a folder the listing leaves out was read and watched: the listing was not used")
	}
	if !seen(t, w, root, filepath.Join(root, "b", "c")) {
		t.Error("a folder below a listed one is not watched")
	}
}

// TestListingsOfChangedFolders: a folder whose change time moved, or that
// is another folder under the same name, is read again; a listing too
// close to its own writing is not used; a corrupt file is no listing.
func TestListingsOfChangedFolders(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, root, file string) (watchedDir string)
	}{
		{"a folder made since", func(t *testing.T, root, file string) string {
			dir := filepath.Join(root, "b", "new")
			if err := os.Mkdir(dir, 0o777); err != nil {
				t.Fatal(err)
			}
			return dir
		}},
		{"a folder replaced by another of its name", func(t *testing.T, root, file string) string {
			other := filepath.Join(root, "b2")
			if err := os.MkdirAll(filepath.Join(other, "d"), 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.RemoveAll(filepath.Join(root, "b")); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(other, filepath.Join(root, "b")); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(root, "b", "d")
		}},
		{"a listing written as its folders changed", func(t *testing.T, root, file string) string {
			editListings(t, file, func(f *listingFile) {
				f.Written -= int64(time.Minute) // back to when it was written
				l := f.Folders[root]
				l.Subs = nil
				f.Folders[root] = l
			})
			return filepath.Join(root, "a")
		}},
		{"a corrupt file", func(t *testing.T, root, file string) string {
			if err := os.WriteFile(file, []byte(`{"folders": {`), 0o666); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(root, "b", "c")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, file := listedTree(t)
			dir := tt.change(t, root, file)
			w := newTestWatcher(t)
			w.KeepListings(file)
			if err := w.Tree(root, nil); err != nil {
				t.Fatal(err)
			}
			if !seen(t, w, root, dir) {
				t.Errorf("%s is not watched", dir)
			}
		})
	}
}
