package script

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

// A process the host cannot start for want of processes, memory, file
// descriptors or disk judged nothing: the run is UNRESOLVED with the
// errno, never a failure, never the failure a `! python` wants, and never
// "host lacks a compiler". The failures are injected at startProcess, the
// one place the commands start processes.
func TestHostTroubleIsUnresolved(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	tests := []struct {
		name   string
		script string
		fails  string // a word of the command line whose start fails
		errno  syscall.Errno
	}{
		{"python EAGAIN", "python x.py\n", "x.py", syscall.EAGAIN},
		{"negated python ENOMEM", "! python x.py\n", "x.py", syscall.ENOMEM},
		{"pip EMFILE", "pip --version\npython x.py\n", "pip", syscall.EMFILE},
		{"compiler ENOSPC", "build-ext m m.c\npython x.py\n", "cc", syscall.ENOSPC},
		{"compiler EAGAIN", "build-ext m m.c\npython x.py\n", "cc", syscall.EAGAIN},
	}
	defer func(start func(*exec.Cmd) error) { startProcess = start }(startProcess)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			startProcess = func(cmd *exec.Cmd) error {
				if slices.Contains(cmd.Args, tt.fails) {
					return &fs.PathError{Op: "fork/exec", Path: cmd.Path, Err: tt.errno}
				}
				return cmd.Start()
			}
			data := tt.script + "-- case.yaml --\nsummary: s\nlinks: [https://github.com/cleanexit/cleanexit/issues/33]\n" +
				"-- x.py --\nprint('ok')\n-- m.c --\nint x;\n"
			c, err := cases.Parse("p/c.txtar", "p", []byte(data))
			if err != nil {
				t.Fatal(err)
			}
			// Enough of an interpreter for build-ext to reach the compiler.
			in := &toolchains.Interpreter{Path: python, Include: t.TempDir(), ExtSuffix: ".so"}
			run := &plan.Run{ID: "p/c/default/x", Case: c, Variant: c.Variants[0], Python: "x", Interp: in}
			job := Job{Run: run, Python: python, Pip: []string{python, "-m", "pip"}, workRoot: t.TempDir()}
			t.Setenv("CC", "cc")
			out := Execute(context.Background(), job)
			if out.Passed || out.Unsupported != "" || !strings.Contains(out.Unresolved, "host trouble ("+errnoName(tt.errno)+")") {
				t.Errorf("passed %v, unsupported %q, unresolved %q; want UNRESOLVED naming %s\n%s",
					out.Passed, out.Unsupported, out.Unresolved, errnoName(tt.errno), out.Log)
			}
		})
	}
}

func errnoName(e syscall.Errno) string {
	return map[syscall.Errno]string{syscall.EAGAIN: "EAGAIN", syscall.ENOMEM: "ENOMEM", syscall.EMFILE: "EMFILE", syscall.ENOSPC: "ENOSPC"}[e]
}

// A run cleanexit cannot set up (here its work folder's parent is a file;
// a full disk is the same road) judged nothing: UNRESOLVED, not FAIL.
func TestUnpreparedRunIsUnresolved(t *testing.T) {
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	c, err := cases.Parse("p/c.txtar", "p", []byte("python -c pass\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/cleanexit/cleanexit/issues/33]\n"))
	if err != nil {
		t.Fatal(err)
	}
	run := &plan.Run{ID: "p/c/default/x", Case: c, Variant: c.Variants[0], Python: "x"}
	out := Execute(context.Background(), Job{Run: run, Python: "python3", workRoot: notADir})
	if out.Passed || !strings.Contains(out.Unresolved, "cannot prepare the run") {
		t.Errorf("passed %v, unresolved %q; want UNRESOLVED, the run not prepared\n%s", out.Passed, out.Unresolved, out.Log)
	}
}
