package runner

import (
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
