package seal

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cleanexit/cleanexit/internal/emfile"
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
	var s *Seal
	emfile.During(t, func() { s = New(nil, root, Tree{}, nil) })
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
