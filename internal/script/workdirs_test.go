package script

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWorkdirsLendsEmptiedFoldersAgain(t *testing.T) {
	w := &Workdirs{root: t.TempDir()}
	a, err := w.lend()
	if err != nil {
		t.Fatal(err)
	}
	b, err := w.lend()
	if err != nil {
		t.Fatal(err)
	}
	if a.slot == b.slot {
		t.Fatalf("two runs at once share %s", a.slot)
	}
	// What a run leaves: its script, case files, nested folders, a temp file.
	mustWrite(t, a.script, "x")
	mustWrite(t, filepath.Join(a.work, "deep", "er", "file"), "x")
	mustWrite(t, filepath.Join(a.work, ".tmp", "t", "file"), "x")
	w.giveBack(a)
	c, err := w.lend()
	if err != nil {
		t.Fatal(err)
	}
	if c.slot != a.slot {
		t.Errorf("lent %s, want the emptied %s again", c.slot, a.slot)
	}
	if got := names(t, c.work); len(got) != 1 || got[0] != ".tmp" {
		t.Errorf("$WORK holds %v, want only .tmp", got)
	}
	if got := names(t, filepath.Join(c.work, ".tmp")); len(got) != 0 {
		t.Errorf("$WORK/.tmp holds %v, want nothing", got)
	}
	w.giveBack(b)
	w.giveBack(c)
	root := w.dir
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("after Close, %s: %v, want it gone", root, err)
	}
}

// A script may swap $WORK or .tmp for a link; emptying removes the link,
// never what it points to.
func TestWorkdirsNeverFollowLinks(t *testing.T) {
	outside := t.TempDir()
	mustWrite(t, filepath.Join(outside, "keep"), "x")
	for _, swap := range []string{".tmp", ""} {
		w := &Workdirs{root: t.TempDir()}
		d, err := w.lend()
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(d.work, swap)
		os.MkdirAll(d.work, 0o777)
		os.RemoveAll(target)
		if err := os.Symlink(outside, target); err != nil {
			t.Fatal(err)
		}
		w.giveBack(d)
		if _, err := os.Stat(filepath.Join(outside, "keep")); err != nil {
			t.Fatalf("emptying $WORK with %q a link removed the link's target: %v", swap, err)
		}
		if fi, err := os.Lstat(target); err == nil {
			t.Errorf("%s is still there (%s), want the link removed", target, fi.Mode())
		}
		w.Close()
	}
}

func TestWorkdirsDropAFolderTheyCannotEmpty(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root removes files from read-only folders: nothing here can fail to empty")
	}
	w := &Workdirs{root: t.TempDir()}
	d, err := w.lend()
	if err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(d.work, "locked")
	mustWrite(t, filepath.Join(locked, "file"), "x")
	os.Chmod(locked, 0o500)
	t.Cleanup(func() { os.Chmod(locked, 0o700) })
	w.giveBack(d)
	e, err := w.lend()
	if err != nil {
		t.Fatal(err)
	}
	if e.slot == d.slot {
		t.Errorf("lent %s again, still holding %s", d.slot, locked)
	}
	if _, err := os.Lstat(d.slot); !os.IsNotExist(err) {
		t.Errorf("the folder that could not be emptied is still there: %v", err)
	}
	// What the run still using e leaves unwritable, Close removes all the same.
	mustWrite(t, filepath.Join(e.work, "ro", "deeper", "file"), "x")
	os.Chmod(filepath.Join(e.work, "ro", "deeper"), 0o500)
	os.Chmod(filepath.Join(e.work, "ro"), 0o500)
	root := w.dir
	if err := w.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, err := os.Lstat(root); !os.IsNotExist(err) {
		t.Errorf("after Close, %s: %v, want it gone", root, err)
	}
}

func mustWrite(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
