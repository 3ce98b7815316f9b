package runner

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/envs"
)

func TestBuildingLine(t *testing.T) {
	now := time.Unix(1000, 0)
	size := func(dir string) int64 { return map[string]int64{"/a": 41_200_000, "/b": 300_000}[dir] }
	tests := []struct {
		name   string
		builds []envs.Building
		want   string
	}{
		{"none", nil, ""},
		{"one", []envs.Building{{Key: "k", Step: "pip download", Since: now.Add(-12 * time.Second), Dir: "/a"}},
			"env 41 MB pip download"},
		{"before its first command", []envs.Building{{Key: "k", Since: now, Dir: "/b"}},
			"env 0.3 MB starting"},
		{"two", []envs.Building{{Step: "uv pip install", Since: now.Add(-time.Minute), Dir: "/a"}, {Step: "venv", Since: now, Dir: "/b"}},
			"2 envs 41 MB uv pip install, 0.3 MB venv"},
	}
	for _, tt := range tests {
		if got := buildingLine(tt.builds, size); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestFolderSize(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "tmp", "pip-x"), 0o777)
	os.WriteFile(filepath.Join(dir, "tmp", "pip-x", "mlx.whl.part"), make([]byte, 1000), 0o666)
	os.WriteFile(filepath.Join(dir, "a"), make([]byte, 24), 0o666)
	os.Symlink("/etc/passwd", filepath.Join(dir, "link"))
	if got := folderSize(dir); got != 1024 {
		t.Errorf("folderSize = %d, want 1024 (files only, links not followed)", got)
	}
	if got := folderSize(filepath.Join(dir, "gone")); got != 0 {
		t.Errorf("a folder already removed: %d, want 0", got)
	}
}
