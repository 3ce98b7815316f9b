package plan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// TestWants: discovery may leave a version unidentified only when no
// variant of any case could select it, as Expand would.
func TestWants(t *testing.T) {
	for _, tt := range []struct {
		yaml  []string // one case each
		suite string   // corpus.yaml's python, "" for none
		want  string   // the versions wanted among 2.7 and 3.6-3.15
	}{
		{yaml: []string{`python: "3.12"`}, want: "3.12"},
		{yaml: []string{`python: "3.12.1"`}, want: "3.12"},
		{yaml: []string{`python: "3.13t"`}, want: "3.13"},
		{yaml: []string{`python: "3.11d"`}, want: "3.11"},
		{yaml: []string{`python: ">=3.12.2"`}, want: "3.12 3.13 3.14 3.15"},
		{yaml: []string{`python: ">=3.8,!=3.12.*"`}, want: "3.8 3.9 3.10 3.11 3.13 3.14 3.15"},
		{yaml: []string{`python: ">=3.6,<3.8"`, `python: "3.13"`}, want: "3.6 3.7 3.13"},
		{yaml: []string{``}, want: "3.8 3.9 3.10 3.11 3.12 3.13 3.14 3.15"}, // the default
		{yaml: []string{``}, suite: `"3.10"`, want: "3.10"},
		{yaml: []string{`python: "2.7"`}, want: "2.7"},
		{yaml: []string{`python: "==3.15.0a1"`}, want: "2.7 3.6 3.7 3.8 3.9 3.10 3.11 3.12 3.13 3.14 3.15"},
		{yaml: []string{"python: \"3.12\"\nvariants:\n  old:\n    python: \"3.7\"\n"}, want: "3.7 3.12"},
	} {
		var cs []*cases.Case
		for _, y := range tt.yaml {
			if y != "" {
				y += "\n"
			}
			cs = append(cs, load(t, y))
		}
		var suite cases.Suite
		if tt.suite != "" {
			sel, err := cases.ParsePythonSelector(strings.Trim(tt.suite, `"`))
			if err != nil {
				t.Fatal(err)
			}
			suite.Python = []cases.PythonSelector{sel}
		}
		wants := Wants(cs, suite)
		var got []string
		for _, v := range [][2]int{{2, 7}, {3, 6}, {3, 7}, {3, 8}, {3, 9}, {3, 10}, {3, 11}, {3, 12}, {3, 13}, {3, 14}, {3, 15}} {
			if wants(v[0], v[1]) {
				got = append(got, fmt.Sprintf("%d.%d", v[0], v[1]))
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%q (suite %s): wants %s; want %s", tt.yaml, tt.suite, g, tt.want)
		}
	}
}
