package reduce

import (
	"reflect"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/txtar"
)

func TestCUnits(t *testing.T) {
	src := `// a comment
#include <Python.h>
/* a block
   comment */
struct Refs {
  int n;  // a } in a comment
  ~Refs() { n = 0; }
};
#ifdef FIX
static int fixed = 1;
#endif
const char *s = "}{";
PyObject *keep(PyObject *,
               PyObject *obj) {
  return obj;
}
`
	for _, tc := range []struct {
		depth int
		want  []span
	}{
		{0, []span{{0, 1}, {1, 2}, {2, 4}, {4, 8}, {8, 11}, {11, 12}, {12, 16}}},
		{1, []span{{5, 6}, {6, 7}, {14, 15}}},
		{2, nil},
	} {
		if got := cUnits(src, tc.depth); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("depth %d: got %v, want %v", tc.depth, got, tc.want)
		}
	}
}

func TestWithout(t *testing.T) {
	got := without("a\nb\nc\nd\n", []span{{1, 3}})
	if got != "a\nd\n" {
		t.Errorf("got %q", got)
	}
}

func TestFingerprintMatches(t *testing.T) {
	native := func(phase forensics.Phase, fn string, line int) *forensics.Native {
		return &forensics.Native{Phase: phase, Frames: []forensics.Frame{
			{Function: fn, Module: "holder.cpython-312-x86_64-linux-gnu.so", File: "holder.cpp", Line: line},
			{Function: "__call_tls_dtors", Module: "libc.so.6"},
		}}
	}
	segv := Fingerprint{Exit: "SIGSEGV", Signature: "segfault"}
	tls := Fingerprint{Exit: "SIGSEGV", Native: native(forensics.ThreadLocalDestructor, "Refs::clear", 12)}
	for _, tc := range []struct {
		name      string
		want, got Fingerprint
		match     bool
	}{
		{"same", segv, segv, true},
		{"another signal", segv, Fingerprint{Exit: "SIGABRT", Signature: "segfault"}, false},
		{"another signature", segv, Fingerprint{Exit: "SIGSEGV", Signature: "fatal-python-error: PyThreadState_Get"}, false},
		{"exit code", Fingerprint{Exit: "exit 1"}, Fingerprint{Exit: "exit 2"}, false},
		{"same phase and culprit, another line", tls, Fingerprint{Exit: "SIGSEGV", Native: native(forensics.ThreadLocalDestructor, "Refs::clear", 5)}, true},
		{"another phase", tls, Fingerprint{Exit: "SIGSEGV", Native: native(forensics.Runtime, "Refs::clear", 12)}, false},
		{"another culprit", tls, Fingerprint{Exit: "SIGSEGV", Native: native(forensics.ThreadLocalDestructor, "keep", 12)}, false},
		{"same culprit, faulted in it rather than in the interpreter under it", Fingerprint{Exit: "SIGSEGV", Native: &forensics.Native{Phase: forensics.ThreadLocalDestructor, Frames: append([]forensics.Frame{{Function: "dict_dealloc", Module: "libpython3.12.so.1.0"}}, native(forensics.ThreadLocalDestructor, "Refs::clear", 12).Frames...)}}, tls, false},
		{"the candidate's stack unread", tls, Fingerprint{Exit: "SIGSEGV", Native: &forensics.Native{Note: "the rerun did not crash"}}, false},
		{"the original's stack unread: not compared", segv, Fingerprint{Exit: "SIGSEGV", Signature: "segfault", Native: native(forensics.Runtime, "f", 1)}, true},
	} {
		if got := tc.want.Matches(tc.got); got != tc.match {
			t.Errorf("%s: Matches = %v, want %v", tc.name, got, tc.match)
		}
	}
}

func TestCBalanced(t *testing.T) {
	for src, want := range map[string]bool{
		"int f() {\n  return g(1, 2);\n}\n":    true,
		"int f() {\n  return g(1, 2);\n":       false,
		"int f() {\n  return g(1, 2;\n}\n":     false,
		"const char *s = \"}\";\n":             true,
		"// } in a comment\nint x;\n":          true,
		"#ifdef X\nint x;\n":                   false,
		"#ifdef X\nint x;\n#endif\n":           true,
		"int a[] = {1, 2};\n/* open comment\n": false,
	} {
		if got := cBalanced(src); got != want {
			t.Errorf("cBalanced(%q) = %v, want %v", src, got, want)
		}
	}
}

func TestCandidateTimeout(t *testing.T) {
	for _, tc := range []struct{ original, caseTimeout, want time.Duration }{
		{100 * time.Millisecond, 0, 10 * time.Second},
		{3 * time.Second, 0, 30 * time.Second},
		{30 * time.Second, 0, 60 * time.Second},
		{3 * time.Second, 5 * time.Second, 5 * time.Second},
	} {
		if got := candidateTimeout(tc.original, tc.caseTimeout); got != tc.want {
			t.Errorf("candidateTimeout(%s, %s) = %s, want %s", tc.original, tc.caseTimeout, got, tc.want)
		}
	}
}

func TestDefaultFiles(t *testing.T) {
	c := &cases.Case{
		Script: "build-ext holder holder.cpp util.h -- $FIXFLAG\n[cc] python -X dev repro.py\nexec true\n",
		Files:  []txtar.File{{Name: "holder.cpp"}, {Name: "util.h"}, {Name: "repro.py"}, {Name: "helper.py"}},
	}
	if got, want := DefaultFiles(c), []string{"holder.cpp", "util.h", "repro.py"}; !reflect.DeepEqual(got, want) {
		t.Errorf("DefaultFiles = %v, want %v", got, want)
	}
	implicit := &cases.Case{Files: []txtar.File{{Name: "case.py"}}}
	if got, want := DefaultFiles(implicit), []string{"case.py"}; !reflect.DeepEqual(got, want) {
		t.Errorf("DefaultFiles of an implicit script = %v, want %v", got, want)
	}
}
