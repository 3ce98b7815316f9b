package reduce

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/authoring"
)

// A reduction keeps the program's meaning: the naive one of this case
// drops the atexit handler's initialiser (undefined behaviour whose
// garbage pointer still segfaults in the handler) and then the call of
// keep() that the report is about. The reduced case must keep both,
// compile cleanly with -Wall -Werror=uninitialized, and still crash as
// the original did.
func TestReduceKeepsInitializerAndCall(t *testing.T) {
	if os.Getenv("CLEANEXIT_LONG_TESTS") == "" {
		t.Skip("a C reduction builds and runs about sixty candidates, a minute alone on 2 cores and several on a shared machine: CI runs it (CLEANEXIT_LONG_TESTS=1)")
	}
	s := openCase(t, "uninit-ext.txtar")
	tg := target(t, s, TargetOptions{})
	start := time.Now()
	red, err := Reduce(context.Background(), tg, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	var py, c string
	for _, f := range red.Files {
		switch f.Name {
		case "repro.py":
			py = f.Reduced
		case "holder.c":
			c = f.Reduced
		}
	}
	t.Logf("%d → %d lines, %d tests, %d runs, %d rejected, in %s:\n%s\n%s", red.LinesBefore(), red.LinesAfter(), red.Tests, red.Runs, red.Rejected, time.Since(start).Round(time.Millisecond), py, c)
	if !strings.Contains(py, "holder.keep(") {
		t.Errorf("the reduced repro no longer calls holder.keep, the function the crash is about:\n%s", py)
	}
	if !strings.Contains(c, "int i = 0;") {
		t.Errorf("the reduced source dropped release's initialiser:\n%s", c)
	}
	if !strings.Contains(c, "{NULL}}") && !strings.Contains(c, "{}}") {
		t.Errorf("the reduced source dropped the method table's sentinel, which PyModule_Create reads up to:\n%s", c)
	}
	if strings.Contains(c, "[0];") {
		t.Errorf("the reduced source made an array's size 0, so that every access is out of bounds:\n%s", c)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "holder.c")
	if err := os.WriteFile(src, []byte(c), 0o666); err != nil {
		t.Fatal(err)
	}
	cc := exec.Command("cc", "-c", "-O1", "-Wall", "-Werror=uninitialized", "-Werror=maybe-uninitialized", "-I"+tg.Run.Interp.Include, src, "-o", filepath.Join(dir, "holder.o"))
	if out, err := cc.CombinedOutput(); err != nil {
		t.Errorf("the reduced source does not compile cleanly with -Wall -Werror=uninitialized: %v\n%s", err, out)
	}
	rejudge(t, tg, red)
	checkWritten(t, tg, red)
}

// checkWritten writes the reduction as --write does and holds it to
// `cleanexit check`: a reduced case is one a pull request can carry.
func checkWritten(t *testing.T, tg *Target, red *Reduction) {
	t.Helper()
	out, err := Write(tg.Run.Case, red)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := authoring.Check(filepath.Dir(filepath.Dir(out)), []string{out}); err != nil {
		t.Errorf("check refuses what --write wrote: %v", err)
	}
}
