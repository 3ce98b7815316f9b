package forensics

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// needDebugger skips, saying so, where this platform's debugger is absent.
func needDebugger(t *testing.T) {
	t.Helper()
	if _, _, err := DebuggerFor(runtime.GOOS); err != nil {
		t.Skipf("skipped: %v", err)
	}
}

func python(t *testing.T) string {
	t.Helper()
	// The interpreter itself, not a pyenv shim: a debugger runs binaries.
	for _, p := range []string{"python3", "python"} {
		if out, err := exec.Command(p, "-c", "import sys; print(sys.executable)").Output(); err == nil {
			return strings.TrimSpace(string(out))
		}
	}
	t.Skip("skipped: no python3 on PATH")
	return ""
}

// TestRerunRealCrash reruns a real interpreter that dies by SIGSEGV in an
// extension module (ctypes reading address 0) and reads its stack.
func TestRerunRealCrash(t *testing.T) {
	t.Parallel()
	needDebugger(t)
	py := python(t)
	n := Rerun(context.Background(), Command{
		Path: py, Args: []string{"-c", "import ctypes; ctypes.string_at(0)"},
		Env: os.Environ(), Dir: t.TempDir(),
	})
	if n.Phase != Runtime || n.Signal != "SIGSEGV" || !strings.Contains(n.Culprit, "_ctypes") || n.Note != "" {
		t.Fatalf("Rerun = phase %q signal %q culprit %q note %q; want runtime, SIGSEGV, in _ctypes\n%s", n.Phase, n.Signal, n.Culprit, n.Note, n.Stacks)
	}
}

// TestRerunThatDoesNotCrash says so in one line, with no stack.
func TestRerunThatDoesNotCrash(t *testing.T) {
	t.Parallel()
	needDebugger(t)
	n := Rerun(context.Background(), Command{Path: python(t), Args: []string{"-c", "raise SystemExit(3)"}, Env: os.Environ()})
	if n.Found() || !strings.Contains(n.Note, "did not happen again") || strings.Contains(n.Note, "\n") {
		t.Fatalf("Rerun = %d frames, note %q; want one line saying the crash did not happen again", len(n.Frames), n.Note)
	}
}

// TestRerunHasItsOwnTimeout stops a rerun that hangs, and the program
// under it, at the rerun's own limit.
func TestRerunHasItsOwnTimeout(t *testing.T) {
	t.Parallel()
	needDebugger(t)
	start := time.Now()
	n := Rerun(context.Background(), Command{
		Path: python(t), Args: []string{"-c", "import time; time.sleep(60)"},
		Env: os.Environ(), Timeout: 2 * time.Second,
	})
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("the rerun took %s, past its 2s limit", took)
	}
	if !strings.Contains(n.Note, "timed out after 2s") {
		t.Fatalf("Note = %q, want it to say the rerun timed out", n.Note)
	}
}

// TestRerunOfNoProgram repeats what the debugger said.
func TestRerunOfNoProgram(t *testing.T) {
	t.Parallel()
	needDebugger(t)
	n := Rerun(context.Background(), Command{Path: "/etc/passwd"})
	if n.Found() || !strings.Contains(n.Note, "no stack") || !strings.Contains(n.Note, "/etc/passwd") {
		t.Fatalf("Note = %q, want gdb's reason", n.Note)
	}
}

// TestNoDebugger says what to install.
func TestNoDebugger(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	n := Rerun(context.Background(), Command{Path: "/bin/true", GOOS: "linux"})
	if n.Found() || !strings.Contains(n.Note, "gdb is not on PATH; install gdb") {
		t.Fatalf("Note = %q", n.Note)
	}
	if _, _, err := DebuggerFor("plan9"); err == nil {
		t.Fatal("plan9 has a debugger?")
	}
}

// TestRerunKnowsThePhaseWithoutSymbols reruns real crashes of an
// interpreter whose own frames have no names where it has no debug
// symbols (Debian's /usr/bin/python3.11 without python3.11-dbg): the
// milestones still tell finalization from the runtime. With the symbols
// installed the frames tell it too, and the test holds either way.
func TestRerunKnowsThePhaseWithoutSymbols(t *testing.T) {
	t.Parallel()
	needDebugger(t)
	const py = "/usr/bin/python3.11"
	if _, err := os.Stat(py); err != nil {
		t.Skipf("skipped: %s is not here (Debian's python3.11)", py)
	}
	for program, want := range map[string]Phase{"runtime.py": Runtime, "finalization.py": Finalization} {
		n := Rerun(context.Background(), Command{
			Path: py, Args: []string{"-X", "faulthandler", program},
			Env: []string{"PATH=/usr/bin:/bin"}, Dir: "testdata/programs",
		})
		if n.Phase != want || n.Signal != "SIGSEGV" {
			t.Errorf("%s: phase %q (%s) signal %q, want %s\n%s", program, n.Phase, n.PhaseReason, n.Signal, want, n.Stacks)
		}
	}
}
