package cache

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTreeSize(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "tmp", "pip-x"), 0o777)
	os.WriteFile(filepath.Join(dir, "tmp", "pip-x", "mlx.whl.part"), make([]byte, 1000), 0o666)
	os.WriteFile(filepath.Join(dir, "a"), make([]byte, 24), 0o666)
	os.Symlink("/etc/passwd", filepath.Join(dir, "link"))
	if got := TreeSize(dir); got != 1024 {
		t.Errorf("TreeSize = %d, want 1024 (files only, links not followed)", got)
	}
	if got := TreeSize(filepath.Join(dir, "gone")); got != 0 {
		t.Errorf("a folder already removed: %d, want 0", got)
	}
}
