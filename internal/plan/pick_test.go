package plan

import (
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

// Bisect and reduce repeat one run; Pick finds it, or says which flag
// to change.
func TestPick(t *testing.T) {
	ins := []*toolchains.Interpreter{interp("3.11.7", false, "pyenv"), interp("3.12.1", false, "pyenv"), interp("3.13.0", false, "pyenv")}
	c := load(t, "python: ['3.11', '3.12', '3.14']\n")
	runs := Expand([]*cases.Case{c}, Config{Interpreters: ins, Features: features(nil, func() (bool, string) { return true, "" })})
	v := c.Variants[0]
	tests := []struct {
		python, want string // the run's ID, or the start of the error
	}{
		{"3.12", "p/c/default/3.12"},
		{"3.12.1", "p/c/default/3.12"},
		{"", "p/c/default runs on several interpreters here (3.11, 3.12, 3.14): pick one with --python"},
		{"3.13", "p/c/default: no run on python 3.13 here (runs: 3.11, 3.12, 3.14)"},
		{"3.14", "p/c/default/3.14 is UNSUPPORTED here: no interpreter matches python 3.14"},
	}
	for _, tt := range tests {
		r, err := Pick(runs, c, v, tt.python)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = r.ID
		}
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("Pick(%q) = %q, want %q", tt.python, got, tt.want)
		}
	}
	if _, err := Pick(nil, c, v, ""); err == nil || !strings.Contains(err.Error(), "check --filter") {
		t.Errorf("no runs at all: %v", err)
	}
}
