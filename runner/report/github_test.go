package report

import (
	"github.com/cleanexit/cleanexit/runner/result"
	"strings"
	"testing"
)

func TestAnnotations(t *testing.T) {
	var b strings.Builder
	Annotations(&b, sampleResults(), "")
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	want := []string{
		"::error file=corpus/native/tls.txtar,line=12,title=FAIL native/tls/buggy/3.12::exit 139 (SIGSEGV), want 0 · segfault%0A%0Astderr (last lines):%0AFatal Python error: Segmentation fault%0A<module> & \"x\" 100%25 a:b,c\\x1b[0m",
		"::error file=corpus/native/tls.txtar,line=7,title=XPASS native/tls/fixed/3.12::passed, but expected to fail (xfail: linux)",
		"::error file=corpus/native/tls.txtar,line=7,title=TIMEOUT native/tls/hang/3.12::timed out (5s)",
		"::error file=corpus/native/tls.txtar,line=7,title=UNRESOLVED native/tls/pinned/3.12::pip: No matching distribution found for nanobind==9.9",
		"::warning file=corpus/native/tls.txtar,line=7,title=FLAKYPASS native/tls/flaky/3.13::passed after 1 failed try",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d annotations:\n%s", len(lines), b.String())
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("annotation %d:\n got %q\nwant %q", i, lines[i], want[i])
		}
	}
}

func TestAnnotationProperties(t *testing.T) {
	for _, tc := range []struct {
		file, workspace, want string
	}{
		{"/repo/corpus/a/b.txtar", "/repo", "file=corpus/a/b.txtar,"},
		{"/elsewhere/b.txtar", "/repo", "file=/elsewhere/b.txtar,"},
		{"corpus/a,b:c%.txtar", "", "file=corpus/a%2Cb%3Ac%25.txtar,"},
	} {
		var b strings.Builder
		r := sampleResults()[1]
		r.File = tc.file
		r.ID = "p/c,1/v:x/3.12"
		Annotations(&b, []result.Result{r}, tc.workspace)
		if !strings.HasPrefix(b.String(), "::error "+tc.want) {
			t.Errorf("file %s, workspace %s: %s", tc.file, tc.workspace, b.String())
		}
		if !strings.Contains(b.String(), ",title=FAIL p/c%2C1/v%3Ax/3.12::") {
			t.Errorf("title not escaped: %s", b.String())
		}
	}
}

func TestStepSummary(t *testing.T) {
	var b strings.Builder
	StepSummary(&b, sampleDocument("ci-linux"))
	out := b.String()
	for _, want := range []string{
		"## cleanexit on ci-linux (linux/amd64)\n",
		"8 runs: 1 PASS, 1 FLAKYPASS, 1 XFAIL, 1 UNSUPPORTED, 1 FAIL, 1 XPASS, 1 UNRESOLVED, 1 TIMEOUT (3s)",
		"| 🔴 FAIL | `native/tls/buggy/3.12` | exit 139 (SIGSEGV), want 0 · segfault (`corpus/native/tls.txtar:12`) |",
		"| 🟡 FLAKYPASS | `native/tls/flaky/3.13` |",
		"<details><summary>All runs</summary>",
		"| `native/tls/buggy` | 🔴 FAIL SIGSEGV | · |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "`native/tls/default/3.12` |") {
		t.Errorf("a passing run is listed as needing attention:\n%s", out)
	}
}
