package runner

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/internal/envs"
)

// buildingLine is the status line's word on the environment builds under
// way, short enough for 80 columns beside a run's ID, its figures first
// where the line cuts it: what each build's folder holds so far (a download pip is writing included),
// so that minutes spent fetching a big wheel do not look like a hung run.
// "" when none is.
func buildingLine(builds []envs.Building, size func(dir string) int64) string {
	if len(builds) == 0 {
		return ""
	}
	parts := make([]string, len(builds))
	for i, b := range builds {
		step := b.Step
		if step == "" {
			step = "starting"
		}
		parts[i] = megabytes(size(b.Dir)) + " " + step
	}
	if len(builds) == 1 {
		return "env " + parts[0]
	}
	return fmt.Sprintf("%d envs %s", len(builds), strings.Join(parts, ", "))
}

// megabytes writes n bytes as "41 MB", or "0.3 MB" below ten.
func megabytes(n int64) string {
	mb := float64(n) / 1e6
	if mb < 10 {
		return fmt.Sprintf("%.1f MB", mb)
	}
	return fmt.Sprintf("%.0f MB", mb)
}
