package bisect

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/wheelhouse"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// The end-to-end tests run real Python 3.12 and pip, offline: packages come
// from wheelhouses and git repositories the tests make.

var cacheRoot string

func TestMain(m *testing.M) {
	if os.Getenv("BISECT_TEST_STEP") != "" {
		os.Exit(gitStep())
	}
	dir, err := os.MkdirTemp("", "cleanexit-bisect-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cacheRoot = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// crashCase is a case whose package aborts at exit in its bad versions.
func crashCase(t *testing.T, module, pin, badPin string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "crashy", "abort.txtar")
	text := fmt.Sprintf(`python check.py
stdout '^ok'
-- case.yaml --
summary: importing crashy aborts at exit
links: [https://example.com/crashy]
python: "3.12"
packages: [%s]
variants:
  regressed:
    packages: [%s]
    exit: SIGABRT
-- check.py --
import %[3]s
print("ok", %[3]s.VERSION)
`, pin, badPin, module)
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return file
}

// crashyBody is the package at version v: from 1.6 on, it aborts at exit.
func crashyBody(v string, crashes bool) string {
	body := fmt.Sprintf("VERSION = %q\n", v)
	if crashes {
		body += "import atexit, os\natexit.register(os.abort)\n"
	}
	return body
}

// wheelhouse1x writes crashy-pkg 1.0 … 1.9; the versions in missing get a
// wheel for another platform only, which pip here cannot install.
func wheelhouse1x(t *testing.T, missing ...string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i <= 9; i++ {
		v := fmt.Sprintf("1.%d", i)
		path, err := wheelhouse.Module("crashy-pkg", v, "crashy", crashyBody(v, i >= 6)).Write(dir)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(missing, v) {
			if err := os.Rename(path, strings.Replace(path, "-any.whl", "-win_arm64.whl", 1)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

func openTarget(t *testing.T, caseFile string, ix cases.Index, pkg string) *Target {
	t.Helper()
	s, err := runner.Open(context.Background(), runner.Config{Args: []string{caseFile}, CacheRoot: cacheRoot, Index: ix, Installer: "pip"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	tg, err := NewTarget(s, s.Cases, s.Runs, TargetOptions{Python: "3.12", Package: pkg})
	if err != nil {
		if strings.Contains(err.Error(), "no run on python 3.12") || strings.Contains(err.Error(), "UNSUPPORTED") {
			t.Skipf("needs CPython 3.12: %v", err)
		}
		t.Fatal(err)
	}
	return tg
}

func TestVersionsEndToEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		missing []string
		skipped []string
	}{
		{"every wheel", nil, nil},
		{"a wheel missing in the middle is skipped", []string{"1.4"}, []string{"1.4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ix := cases.Index{NoIndex: true, FindLinks: []string{wheelhouse1x(t, tc.missing...)}}
			tg := openTarget(t, crashCase(t, "crashy", "crashy-pkg==1.0", "crashy-pkg==1.9"), ix, "crashy-pkg")
			listed, _, err := listVersions(context.Background(), tg.run.Interp.Path, noVariables, tg.run.Index, "crashy-pkg")
			if err != nil {
				t.Fatal(err)
			}
			revs, _, err := between(listed, "1.0", "1.9", false)
			if err != nil || len(revs) != 10 {
				t.Fatalf("between = %v, %v", revs, err)
			}
			f, err := overVersions(context.Background(), tg, revs, func(s Step) { t.Logf("%s %s %s %s", s.Verdict, s.Rev, s.Actual, s.Reason) })
			if err != nil {
				t.Fatal(err)
			}
			if f.firstBad != "1.6" || f.lastGood != "1.5" || !f.decisive() {
				t.Errorf("first bad %s, last good %s, candidates %v; want 1.6 after 1.5", f.firstBad, f.lastGood, f.candidates)
			}
			if !slices.Equal(f.skipped, tc.skipped) {
				t.Errorf("skipped %v, want %v", f.skipped, tc.skipped)
			}
			limit := int(math.Ceil(math.Log2(float64(len(revs))))) + len(tc.skipped)
			if between := len(f.steps) - 2; between > limit {
				t.Errorf("%d steps between the ends, want ≤ %d", between, limit)
			}
			for _, s := range f.steps {
				if s.Verdict == Bad && s.Signal != "SIGABRT" {
					t.Errorf("bad step %s: signal %q, want SIGABRT", s.Rev, s.Signal)
				}
			}
		})
	}
}

func TestVersionsEnds(t *testing.T) {
	ix := cases.Index{NoIndex: true, FindLinks: []string{wheelhouse1x(t)}}
	tg := openTarget(t, crashCase(t, "crashy", "crashy-pkg==1.0", "crashy-pkg==1.9"), ix, "crashy-pkg")
	for _, tc := range []struct{ good, bad, msg string }{
		{"1.7", "1.9", "the good end 1.7 is already bad"},
		{"1.0", "1.5", "the bad end 1.5 passes"},
	} {
		revs, _, err := between([]string{"1.0", "1.5", "1.6", "1.7", "1.8", "1.9"}, tc.good, tc.bad, false)
		if err != nil {
			t.Fatal(err)
		}
		f, err := overVersions(context.Background(), tg, revs, nil)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s…%s: err = %v, want %q", tc.good, tc.bad, err, tc.msg)
		}
		if len(f.steps) > 2 {
			t.Errorf("%s…%s: %d steps; a range that brackets nothing must not be searched", tc.good, tc.bad, len(f.steps))
		}
	}
}

// TestVersionsFirstFixed searches releases newest first, from a good end
// newer than the bad one: crashy-pkg aborts at exit up to 1.3 and is fixed
// in 1.4, and the summary names 1.4 the first fixed release.
func TestVersionsFirstFixed(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i <= 9; i++ {
		v := fmt.Sprintf("1.%d", i)
		if _, err := wheelhouse.Module("crashy-pkg", v, "crashy", crashyBody(v, i < 4)).Write(dir); err != nil {
			t.Fatal(err)
		}
	}
	ix := cases.Index{NoIndex: true, FindLinks: []string{dir}}
	tg := openTarget(t, crashCase(t, "crashy", "crashy-pkg==1.9", "crashy-pkg==1.0"), ix, "crashy-pkg")
	var log strings.Builder
	o := Options{TargetOptions: TargetOptions{Python: "3.12", Package: "crashy-pkg", Repeat: 1}, Good: "1.9", Bad: "1.0"}
	f, err := Run(context.Background(), tg, o, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "first fixed: 1.4  last bad: 1.3\n") {
		t.Errorf("summary does not name 1.4 the first fixed release:\n%s", log.String())
	}
	if l := NewLog(tg, o, f, nil); l.FirstFixed != "1.4" || l.LastBad != "1.3" || l.FirstBad != "" {
		t.Errorf("log: first fixed %q, last bad %q, first bad %q; want 1.4, 1.3 and none", l.FirstFixed, l.LastBad, l.FirstBad)
	}
	o.Write = true
	if _, err := Run(context.Background(), tg, o, io.Discard); err == nil || !strings.Contains(err.Error(), "--write") {
		t.Errorf("--write with a first-fixed search: err = %v, want a refusal", err)
	}
}
