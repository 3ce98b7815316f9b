package seal

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestPartialScanIsUnchecked: a tree that could not all be read when it
// was sealed (the process out of descriptors, a real EMFILE) is not
// compared with what it holds later: every file of it would read as
// planted. The next Check says so, and the one after compares with the
// whole tree it read then.
func TestPartialScanIsUnchecked(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a.py", "pkg/b.py", "pkg/sub/c.py"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var was syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &was); err != nil {
		t.Skip(err)
	}
	// The limit is on a descriptor's number: at the lowest free one, the
	// scan's first open fails.
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	lowest := f.Fd()
	f.Close()
	low := was
	low.Cur = uint64(lowest)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	s := New(nil, root, Tree{}, nil)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &was); err != nil {
		t.Fatal(err)
	}
	if s.partial == nil {
		t.Fatal("the scan read the whole tree with no descriptor to spare")
	}
	if c := s.Check(); c.Unchecked == "" || len(c.List) > 0 {
		t.Fatalf("the first check after a partial seal: %+v, want unchecked and no change", c)
	}
	if c := s.Check(); c.Unchecked != "" || len(c.List) > 0 {
		t.Fatalf("a check of the untouched tree: %+v, want nothing", c)
	}
	if err := os.WriteFile(filepath.Join(root, "pkg", "planted.py"), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if c := s.Check(); len(c.List) != 1 || c.List[0].Rel != "pkg/planted.py" || c.List[0].How != Added {
		t.Fatalf("a planted file: %+v", c)
	}
}
