package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/cleanexit/cleanexit/toolchains"
)

// TestDebugInterpreterCatchesNegativeRefcount runs corpus/native's
// negative-refcount case on a debug CPython (Debian's python3.11-dbg,
// which .ci/run installs) and on a release build of the same minor: the
// extension built from one source against each interpreter's own headers
// and ABI suffix, the same bug silent (exit 0) on the release build and
// fatal (_Py_NegativeRefcount, SIGABRT) on the debug one.
func TestDebugInterpreterCatchesNegativeRefcount(t *testing.T) {
	s, err := Open(context.Background(), Config{
		Args:      []string{filepath.Join("..", "corpus", "native", "negative-refcount.txtar")},
		Corpus:    filepath.Join("..", "corpus"),
		CacheRoot: filepath.Join(t.TempDir(), "cache"),
		Filter:    regexp.MustCompile(`^native/negative-refcount/`),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var debug, release *toolchains.Interpreter
	for _, in := range s.Interpreters {
		if in.Debug && !in.FreeThreaded && in.Implementation == "cpython" && debug == nil {
			debug = in
		}
	}
	if debug == nil {
		t.Skip("skipped: no debug CPython found (apt-get install python3.11-dbg: /usr/bin/python3.11d)")
	}
	for _, in := range s.Interpreters {
		if !in.Debug && !in.FreeThreaded && in.Major == debug.Major && in.Minor == debug.Minor && release == nil {
			release = in
		}
	}
	if release == nil {
		t.Skipf("skipped: no release build of %s beside the debug one %s", debug.ShortVersion(), debug.Path)
	}
	// Its sysconfig's own: cpython-311d, not the release build's cpython-311.
	if tag := fmt.Sprintf("-%d%dd", debug.Major, debug.Minor); !strings.Contains(debug.ExtSuffix, tag) {
		t.Errorf("debug build's extension suffix %q lacks %s", debug.ExtSuffix, tag)
	}

	got := map[string]result.Result{}
	for _, r := range s.Runs {
		if r.Interp != debug && r.Interp != release {
			continue
		}
		res := s.Execute(context.Background(), r)
		got[r.Variant.Name+"/"+map[bool]string{true: "debug", false: "release"}[r.Interp == debug]] = res
	}
	want := map[string]struct {
		status result.Status
		actual string
	}{
		"default/release":       {result.Pass, "exit 0"},
		"default/debug":         {result.Pass, "exit 0"},
		"buggy-release/release": {result.Pass, "exit 0"},
		"buggy/debug":           {result.Pass, "exit 134 (SIGABRT)"},
		"buggy/release":         {result.Unsupported, ""},
		"buggy-release/debug":   {result.Unsupported, ""},
	}
	for k, w := range want {
		r, ok := got[k]
		if !ok {
			t.Errorf("%s: no run", k)
			continue
		}
		if r.Status != w.status || (w.actual != "" && r.Actual != w.actual) {
			t.Errorf("%s (%s): %s %q (%s), want %s %q\n%s", k, r.ID, r.Status, r.Actual, r.Reason, w.status, w.actual, r.StderrTail)
		}
	}
	// The case's stderr pattern checked _Py_NegativeRefcount on the whole
	// stderr; its tail keeps the object's report.
	if r := got["buggy/debug"]; !strings.Contains(r.StderrTail, "object refcount : -") {
		t.Errorf("%s: stderr does not report a negative refcount:\n%s", r.ID, r.StderrTail)
	}
	if r := got["buggy/debug"]; !strings.HasSuffix(r.ID, "/"+debug.ShortVersion()) || !strings.HasSuffix(debug.ShortVersion(), "d") {
		t.Errorf("debug run ID %s, want it to end in /%d.%dd", r.ID, debug.Major, debug.Minor)
	}
}
