package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestWriteReplacesWhole(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.json")
	if err := Write(p, []byte("new"), 0o640); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o640 {
		t.Errorf("a new file has mode %v, want 0640", fi.Mode().Perm())
	}
	os.Chmod(p, 0o600)
	if err := Write(p, []byte("newer"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if string(data) != "newer" || fi.Mode().Perm() != 0o600 {
		t.Errorf("got %q mode %v, want newer with the old mode 0600", data, fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the file alone", len(entries))
	}
}

// TestWriteCutShortKeepsTheOld writes under a file size limit, as a full
// disk would cut it: the old content stays, and no temporary file is left.
func TestWriteCutShortKeepsTheOld(t *testing.T) {
	if os.Getenv("ATOMICFILE_CHILD") == "1" {
		err := Write(os.Getenv("ATOMICFILE_PATH"), []byte(strings.Repeat("x", 64<<10)), 0o644)
		if err == nil {
			os.Exit(3)
		}
		os.Stderr.WriteString(err.Error())
		os.Exit(0)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "r.json")
	os.WriteFile(p, []byte("old"), 0o644)
	cmd := exec.Command("/bin/sh", "-c", `ulimit -f 8; exec "$0" -test.run '^TestWriteCutShortKeepsTheOld$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "ATOMICFILE_CHILD=1", "ATOMICFILE_PATH="+p)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "writing "+p+": file too large") {
		t.Errorf("error %q, want it to name the file and the cause", out)
	}
	if data, _ := os.ReadFile(p); string(data) != "old" {
		t.Errorf("the file holds %q, want the old content", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a temporary file was left: %d entries", len(entries))
	}
}

func TestWriteRefusesAPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("skipped: no named pipes here: %v", err)
	}
	if err := Write(p, []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Write to a named pipe: %v", err)
	}
}
