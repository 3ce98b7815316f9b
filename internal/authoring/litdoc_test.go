package authoring

import (
	"os"
	"strings"
	"testing"
)

// TestLitDocumented keeps docs/lit.md a map of every lit directive and
// substitution import knows: a form added to the code without its row
// fails here.
func TestLitDocumented(t *testing.T) {
	page, err := os.ReadFile("../../docs/lit.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, kw := range []string{"RUN:", "XFAIL:", "REQUIRES:", "UNSUPPORTED:", "ALLOW_RETRIES:", "END.", "DEFINE:", "REDEFINE:"} {
		if m := litKeywordRE.FindStringSubmatch("# " + kw + " x"); m == nil || m[1] != kw {
			t.Errorf("%s is in this test but not in litKeywordRE", kw)
		}
		if !strings.Contains(string(page), "`"+kw) {
			t.Errorf("docs/lit.md does not map the directive %s", kw)
		}
	}
	for _, s := range litSubstitutions("t.py", nil) {
		if !strings.Contains(string(page), "`"+s.from+"`") {
			t.Errorf("docs/lit.md does not map the substitution %s", s.from)
		}
	}
}
