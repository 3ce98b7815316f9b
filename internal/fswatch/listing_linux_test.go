package fswatch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"syscall"
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
// the listing, without reading the folder.
func TestListingsAreUsed(t *testing.T) {
	root, file := listedTree(t)
	var st syscall.Stat_t
	if err := syscall.Lstat(root, &st); err != nil {
		t.Fatal(err)
	}
	if st.Nlink != 4 {
		t.Skipf("the file system of %s does not count a folder's subfolders in its link count (%d for 2): listings are never used there", root, st.Nlink)
	}
	w := newTestWatcher(t)
	w.KeepListings(file)
	before := foldersRead.Load()
	if err := w.Tree(root, nil); err != nil {
		t.Fatal(err)
	}
	if n := foldersRead.Load() - before; n != 0 {
		t.Errorf("the walk of an unchanged tree read %d folders; want none, the listing's", n)
	}
	for _, dir := range []string{root, filepath.Join(root, "a"), filepath.Join(root, "b", "c")} {
		if !seen(t, w, root, dir) {
			t.Errorf("%s is not watched", dir)
		}
	}
}

// TestForgedListings: the listing file is in the cache, where a case can
// write. A listing that leaves a folder out, or names another in its place,
// must not leave the folder unwatched for a later session's runs to write
// in unseen: a listing is used only where it names each subfolder the
// folder holds, as many as the kernel counts (its link count), and each a
// folder.
func TestForgedListings(t *testing.T) {
	tests := []struct {
		name string
		subs []string // the root's listing, forged
	}{
		{"a folder left out", []string{"b"}},
		{"a folder named in another's place", []string{"b", "bogus"}},
		{"a file named in a folder's place", []string{"b", "f"}},
		{"a folder named twice", []string{"b", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, file := listedTree(t)
			write(t, filepath.Join(root, "f"), "")
			editListings(t, file, func(f *listingFile) {
				var st syscall.Stat_t
				if err := syscall.Lstat(root, &st); err != nil {
					t.Fatal(err)
				}
				f.Folders[root] = folderListing{Dev: uint64(st.Dev), Ino: st.Ino, Ctime: st.Ctim.Nano(), Subs: tt.subs}
				f.Written = time.Now().Add(time.Minute).UnixNano()
			})
			w := newTestWatcher(t)
			w.KeepListings(file)
			if err := w.Tree(root, nil); err != nil {
				t.Fatal(err)
			}
			if !seen(t, w, root, filepath.Join(root, "a")) {
				t.Error("the folder the forged listing hides is not watched")
			}
		})
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

// TestListingsHoldOneSessionsWalks: every session reads the file before
// its first run, so it holds what the last session that read a folder
// walked, not every folder any session ever did.
func TestListingsHoldOneSessionsWalks(t *testing.T) {
	rootA, file := listedTree(t)
	rootB := t.TempDir()
	if err := os.Mkdir(filepath.Join(rootB, "x"), 0o777); err != nil {
		t.Fatal(err)
	}
	w := newTestWatcher(t)
	w.KeepListings(file)
	if err := w.Tree(rootB, nil); err != nil {
		t.Fatal(err)
	}
	var got []string
	editListings(t, file, func(f *listingFile) {
		for dir := range f.Folders {
			got = append(got, dir)
		}
	})
	slices.Sort(got)
	if want := []string{rootB, filepath.Join(rootB, "x")}; !slices.Equal(got, want) {
		t.Errorf("after a walk of %s alone, the file lists %q; want %q (%s was walked by an earlier session)", rootB, got, want, rootA)
	}
}
