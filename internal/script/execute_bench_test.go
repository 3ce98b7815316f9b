package script

import (
	"context"
	"os/exec"
	"testing"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// BenchmarkExecuteOverhead is the runner's own cost per run: all of
// Execute (a work folder, testscript, the python command in its process
// group, judging the exit), with /bin/true standing in for the
// interpreter, so that what is timed is cleanexit and not Python. Issue
// 4's first target allows it 10% of a trivial interpreter run (about
// 13 ms on the project's 2-CPU machines).
//
//	go test ./internal/script -run NONE -bench ExecuteOverhead -benchmem
func BenchmarkExecuteOverhead(b *testing.B) {
	stand, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true(1) to stand in for the interpreter")
	}
	c, err := cases.Parse("p/trivial.txtar", "p", []byte("python -c pass\n-- case.yaml --\nsummary: a trivial run\nlinks: [https://github.com/cleanexit/cleanexit/issues/4]\n"))
	if err != nil {
		b.Fatal(err)
	}
	run := &plan.Run{ID: "p/trivial/default/x", Case: c, Variant: c.Variants[0], Python: "x"}
	// The floor: starting and waiting for the same program with nothing
	// else, as xargs would.
	b.Run("bare-exec", func(b *testing.B) {
		for b.Loop() {
			if err := exec.Command(stand, "-X", "faulthandler", "-c", "pass").Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, tt := range []struct {
		name     string
		workdirs *Workdirs
	}{
		{"lent-workdirs", &Workdirs{root: b.TempDir()}},
		{"folder-per-run", nil},
	} {
		b.Run(tt.name, func(b *testing.B) {
			job := Job{Run: run, Python: stand, Workdirs: tt.workdirs, workRoot: b.TempDir()}
			for b.Loop() {
				if out := Execute(context.Background(), job); !out.Passed {
					b.Fatalf("run failed:\n%s", out.Log)
				}
			}
			if tt.workdirs != nil {
				tt.workdirs.Close()
			}
		})
	}
}
