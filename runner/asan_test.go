package runner

import (
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/plan"
)

// The ASan runtime (two compiler starts to find) is looked up only for runs
// whose script may build a sanitized extension.
func TestASanRuntimeOnlyWhenSanitizing(t *testing.T) {
	tests := []struct {
		script string
		want   string
	}{
		{"python repro.py\n", ""},
		{"build-ext ext ext.c\npython repro.py\n", ""},
		{"# build-ext --sanitize=address is for later\npython repro.py\n", ""},
		{"build-ext --sanitize=address ext ext.c\npython repro.py\n", "/lib/libasan.so"},
		{"[linux] build-ext --sanitize=address ext ext.c\n", "/lib/libasan.so"},
		{"build-ext $FLAGS ext ext.c\n", "/lib/libasan.so"},
	}
	for _, tt := range tests {
		f := &hostFeatures{asanLib: "/lib/libasan.so"}
		f.asanOnce.Do(func() {}) // answered: no compiler is started here
		r := &plan.Run{Case: &cases.Case{Script: tt.script}}
		if got := asanRuntimeFor(r, f); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.script, got, tt.want)
		}
	}
}
