package authoring

import (
	"testing"
)

// FuzzFormatCaseYAML: formatting never panics, and what it returns is
// already canonical.
func FuzzFormatCaseYAML(f *testing.F) {
	for _, s := range []string{
		good,
		"links: [a]\nsummary: s\n",
		"variants:\n  a:\n    exit: 1\n    # c\n    env: {A: b}\n  b:\n    stderr: |\n      x\n    python: \"3.12\"\nsummary: s\n",
		"# head\n---\nb: 1\na:\n  - x\n  # y\n",
		"index:\n  no-index: true\n  url: u\n",
		"a: &x {b: 1}\nc: *x\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, err := formatCaseYAML([]byte(in))
		if err != nil {
			return
		}
		again, err := formatCaseYAML(out)
		if err != nil {
			t.Fatalf("formatted text does not format: %v\n%q", err, out)
		}
		if string(again) != string(out) {
			t.Fatalf("not idempotent:\n%q\n%q", out, again)
		}
	})
}
