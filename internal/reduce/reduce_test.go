package reduce

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/authoring"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/txtar"
)

// The end-to-end tests reduce real crashes: an extension built with the
// host's C++ compiler, run by a real CPython 3.12, dying of a real SIGSEGV.

var cacheRoot string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cleanexit-reduce-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cacheRoot = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// openCase copies testdata/name into a corpus of its own and opens a
// session on it, skipping (and saying why) where the host cannot run it.
func openCase(t *testing.T, name string) *runner.Session {
	t.Helper()
	if _, err := exec.LookPath("g++"); err != nil {
		if _, err := exec.LookPath("c++"); err != nil {
			t.Skip("no C++ compiler on PATH: the cases build an extension")
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return openCaseData(t, name, data)
}

// openCaseData is openCase with the archive's text given.
func openCaseData(t *testing.T, name string, data []byte) *runner.Session {
	t.Helper()
	file := filepath.Join(t.TempDir(), "native", name)
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o666); err != nil {
		t.Fatal(err)
	}
	s, err := runner.Open(context.Background(), runner.Config{Args: []string{file}, CacheRoot: cacheRoot, Index: cases.Index{NoIndex: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for _, r := range s.Runs {
		if r.Skipped() {
			t.Skipf("%s is UNSUPPORTED here: %s", r.ID, r.Unsupported)
		}
	}
	return s
}

func target(t *testing.T, s *runner.Session, opt TargetOptions) *Target {
	t.Helper()
	tg, err := NewTarget(context.Background(), s, s.Cases, s.Runs, opt)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// topLevelStatements counts a Python source's statements with the helper
// the reducer uses.
func topLevelStatements(t *testing.T, tg *Target, src string) int {
	t.Helper()
	py, err := startPyAST(context.Background(), tg.Run.Interp.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer py.Close()
	u, err := py.Units(src, 0)
	if err != nil {
		t.Fatalf("the reduced source does not parse: %v\n%s", err, src)
	}
	return len(u)
}

// rejudge runs the reduction's result again from scratch: a reducer must
// never return a candidate that is not interesting.
func rejudge(t *testing.T, tg *Target, red *Reduction) {
	t.Helper()
	j := tg.Judge(context.Background(), red.Archive)
	if !j.Interesting {
		t.Fatalf("the reduced case is not interesting when run again: %s", j.Why)
	}
	if !tg.Want.Matches(j.Got) {
		t.Fatalf("run again, the reduced case crashes as %s, want %s", j.Got, tg.Want)
	}
	if tg.Want.Native.Found() && j.Got.Native.Phase != tg.Want.Native.Phase {
		t.Fatalf("run again, the reduced case dies in phase %s, want %s", j.Got.Native.Phase, tg.Want.Native.Phase)
	}
}

func TestReducePythonStatements(t *testing.T) {
	s := openCase(t, "noisy-repro.txtar")
	tg := target(t, s, TargetOptions{})
	if tg.Run.Variant.Name != "buggy" || tg.Want.Exit != "SIGSEGV" {
		t.Fatalf("target %s keeps %s, want the buggy variant's SIGSEGV", tg.Run.ID, tg.Want)
	}
	if !tg.Want.Native.Found() {
		t.Logf("phase not compared: no native stack here (%s)", tg.Want.Criteria())
	} else if tg.Want.Native.Phase != forensics.ThreadLocalDestructor {
		t.Fatalf("the original crashes in phase %s, want %s", tg.Want.Native.Phase, forensics.ThreadLocalDestructor)
	}
	if tg.Fixed == nil || tg.Fixed.Variant.Name != "default" {
		t.Fatalf("the default variant passes and must be kept passing; Fixed = %v", tg.Fixed)
	}
	orig := string(tg.Run.Case.Files[1].Data)
	if n := topLevelStatements(t, tg, orig); n < 40 {
		t.Fatalf("the fixture has %d top-level statements, want 40 or more", n)
	}
	start := time.Now()
	red, err := Reduce(context.Background(), tg, Options{Jobs: 2, Files: []string{"repro.py"}})
	if err != nil {
		t.Fatal(err)
	}
	got := red.Files[0].Reduced
	t.Logf("%d → %d lines, %d tests, %d runs, %d rejected, in %s:\n%s", red.LinesBefore(), red.LinesAfter(), red.Tests, red.Runs, red.Rejected, time.Since(start).Round(time.Millisecond), got)
	if n := topLevelStatements(t, tg, got); n > 4 {
		t.Errorf("reduced to %d top-level statements, want at most 4:\n%s", n, got)
	}
	for _, must := range []string{"import holder", "holder.keep(", "print("} {
		if !strings.Contains(got, must) {
			t.Errorf("the reduced repro lost %q, which the crash or the script's stdout check needs:\n%s", must, got)
		}
	}
	if red.Stopped != "" {
		t.Errorf("stopped early: %s", red.Stopped)
	}
	rejudge(t, tg, red)
	checkWritten(t, tg, red)
}

func TestReduceCxxBlocksAndLines(t *testing.T) {
	if os.Getenv("CLEANEXIT_LONG_TESTS") == "" {
		t.Skip("a C++ reduction builds and runs about a hundred candidates, a minute alone on 2 cores and several on a shared machine: CI runs it (CLEANEXIT_LONG_TESTS=1)")
	}
	s := openCase(t, "noisy-ext.txtar")
	tg := target(t, s, TargetOptions{})
	if tg.Fixed != nil {
		t.Fatalf("the case has no fixed variant, yet Fixed = %s", tg.Fixed.ID)
	}
	start := time.Now()
	red, err := Reduce(context.Background(), tg, Options{Jobs: 2, Files: []string{"holder.cpp"}, Progress: func(p Progress) {
		t.Logf("%d lines · %d tests · %s · %s", p.Lines, p.Tests, p.Elapsed.Round(time.Second), p.Pass)
	}})
	if err != nil {
		t.Fatal(err)
	}
	f := red.Files[0]
	t.Logf("%d → %d lines, %d tests, %d runs, %d rejected (%d by the compile check), in %s:\n%s", Lines(f.Original), Lines(f.Reduced), red.Tests, red.Runs, red.Rejected, red.Uncompiled, time.Since(start).Round(time.Millisecond), f.Reduced)
	if n := Lines(f.Original); n < 80 {
		t.Fatalf("the fixture has %d lines, want 80 or more", n)
	}
	// What matters: the include, the holder struct and its destructor, the
	// thread_local, keep, the method table, the module definition and its
	// init function: 11 lines once the short blocks are on one line, as a
	// maintainer would write them (reached on 2026-11-30: 102 tests, 56
	// candidates rejected by the compile check, 110 runs with the
	// debugger's confirmations once a pass; before the compile check and
	// firstOf going on where it was, 190 tests, 233 runs and 16 lines). One line of margin, and about a fifth more tests: the count
	// is deterministic (the first interesting candidate in order wins), so
	// more means a pass got less efficient.
	if n := Lines(f.Reduced); n > 12 {
		t.Errorf("reduced to %d lines, want at most 12:\n%s", n, f.Reduced)
	}
	if red.Tests > 125 {
		t.Errorf("took %d tests (candidates built and run), want at most 125", red.Tests)
	}
	if red.Runs > 135 {
		t.Errorf("took %d python runs, want at most 135: confirmations under the debugger are paid once a pass", red.Runs)
	}
	// SameCrash leaves the anonymous namespace out, so unwrapping it keeps
	// the crash, with or without a debugger.
	if strings.Contains(f.Reduced, "namespace") {
		t.Errorf("the anonymous namespace's lines are still there: unwrapping a block should drop them:\n%s", f.Reduced)
	}
	// The rewrites inside lines: the module pointer inlined, the default
	// member initialiser, the doc strings and the sentinel's nullptrs gone.
	for _, gone := range []string{"PyObject *m", "= nullptr", "A noisy holder.", "Hold a reference.", "nullptr, nullptr"} {
		if strings.Contains(f.Reduced, gone) {
			t.Errorf("the reduced source still has %q:\n%s", gone, f.Reduced)
		}
	}
	for _, must := range []string{"thread_local", "PyInit_holder"} {
		if !strings.Contains(f.Reduced, must) {
			t.Errorf("the reduced source lost %q:\n%s", must, f.Reduced)
		}
	}
	rejudge(t, tg, red)
	checkWritten(t, tg, red)
}

func TestReduceWriteMakesACase(t *testing.T) {
	s := openCase(t, "noisy-ext.txtar")
	tg := target(t, s, TargetOptions{})
	red := &Reduction{Files: []File{{Name: "repro.py", Original: "import holder\nholder.keep({\"name\": \"root\"})\n", Reduced: "import holder\nholder.keep({})\n"}}}
	out, err := Write(tg.Run.Case, red)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(out) != "noisy-ext-reduced.txtar" {
		t.Fatalf("wrote %s, want noisy-ext-reduced.txtar", out)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	a := txtar.Parse(data)
	if !strings.HasPrefix(string(a.Comment), "# Reduced by cleanexit reduce from 2 to 2 lines (repro.py) of native/noisy-ext.\n") {
		t.Errorf("the story does not open with where the case came from:\n%s", a.Comment)
	}
	if _, err := authoring.Check(filepath.Dir(filepath.Dir(out)), []string{out}); err != nil {
		t.Errorf("check refuses what --write wrote: %v", err)
	}
	for _, f := range a.Files {
		if f.Name == "repro.py" && string(f.Data) != red.Files[0].Reduced {
			t.Errorf("repro.py = %q, want the reduced text", f.Data)
		}
	}
}

// A case.yaml written by hand in another key order than check's is
// written back in check's: what --write makes passes check.
func TestReduceWriteIsCanonical(t *testing.T) {
	archive := `python repro.py
-- case.yaml --
exit: SIGABRT
python: "3.12"
summary: aborts at exit
links: [https://example.com/abort]
-- repro.py --
import os, atexit
atexit.register(os.abort)
print("noise")
`
	s := openCaseData(t, "out-of-order.txtar", []byte(archive))
	red := &Reduction{Files: []File{{Name: "repro.py", Original: "", Reduced: "import os, atexit\natexit.register(os.abort)\n"}}}
	c := s.Cases[0]
	if _, err := authoring.Check(filepath.Dir(filepath.Dir(c.File)), []string{c.File}); err == nil {
		t.Fatal("the original is in canonical form: the test would not show that --write puts it so")
	}
	out, err := Write(c, red)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := authoring.Check(filepath.Dir(filepath.Dir(out)), []string{out}); err != nil {
		t.Errorf("check refuses what --write wrote: %v", err)
	}
}
