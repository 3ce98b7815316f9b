//go:build unix

package script

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestScriptFileWrittenOverInPlace: a slot's script file is written over,
// not made anew, and is exactly the new script, shorter or longer.
func TestScriptFileWrittenOverInPlace(t *testing.T) {
	w := &Workdirs{root: t.TempDir()}
	defer w.Close()
	d, err := w.lend()
	if err != nil {
		t.Fatal(err)
	}
	var first os.FileInfo
	for _, s := range []string{"a long first script\n", "short\n", "a longer one than the last\n"} {
		if err := d.writeScript([]byte(s)); err != nil {
			t.Fatal(err)
		}
		w.giveBack(d)
		if d, err = w.lend(); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(d.script); err != nil || string(got) != s {
			t.Fatalf("script file holds %q (%v), want %q", got, err, s)
		}
		fi, err := os.Lstat(d.script)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = fi
		} else if !os.SameFile(first, fi) {
			t.Errorf("the script file was made anew: ext4 searches its inode bitmap past every inode just freed")
		}
	}
}

// TestScriptFileTrustsNothingLeftThere: what a run put in its script
// file's place (it is beside $WORK, where the script may write) is
// removed, never written through, and never blocks the next run.
func TestScriptFileTrustsNothingLeftThere(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "victim")
	for _, tt := range []struct {
		name  string
		plant func(script string) error
	}{
		{"symlink", func(s string) error { return os.Symlink(outside, s) }},
		{"hard link", func(s string) error { return os.Link(outside, s) }},
		{"fifo", func(s string) error { return syscall.Mkfifo(s, 0o666) }},
		{"read-only folder", func(s string) error {
			if err := os.MkdirAll(filepath.Join(s, "in"), 0o777); err != nil {
				return err
			}
			os.Chmod(filepath.Join(s, "in"), 0o555)
			return os.Chmod(s, 0o555)
		}},
		{"read-only file", func(s string) error { return os.WriteFile(s, []byte("old script, longer than the new"), 0o444) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(outside, []byte("keep"), 0o666); err != nil {
				t.Fatal(err)
			}
			w := &Workdirs{root: t.TempDir()}
			defer w.Close()
			d, err := w.lend()
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.plant(d.script); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- d.writeScript([]byte("new\n")) }()
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("writing the script hangs")
			}
			if err != nil {
				t.Fatalf("writeScript: %v", err)
			}
			if got, _ := os.ReadFile(outside); string(got) != "keep" {
				t.Errorf("the file outside holds %q, want it untouched", got)
			}
			fi, err := os.Lstat(d.script)
			if err != nil || !fi.Mode().IsRegular() {
				t.Fatalf("script file: %v, %v: want a plain file", fi, err)
			}
			if got, _ := os.ReadFile(d.script); string(got) != "new\n" {
				t.Errorf("script file holds %q, want %q", got, "new\n")
			}
		})
	}
}
