package cases

import (
	"os"
	"strings"
	"testing"
)

// TestFormatDocumented keeps docs/case-format.md and the package doc from
// drifting away from what the loader accepts.
func TestFormatDocumented(t *testing.T) {
	page, err := os.ReadFile("../../docs/case-format.md")
	if err != nil {
		t.Fatal(err)
	}
	pkgdoc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range append(append([]string{}, caseKeys...), variantKeys...) {
		if !strings.Contains(string(page), "| `"+key+"` |") {
			t.Errorf("docs/case-format.md has no row for key %q", key)
		}
		if !strings.Contains(string(pkgdoc), "//\t"+key+" ") {
			t.Errorf("the package doc does not describe key %q", key)
		}
	}
}
