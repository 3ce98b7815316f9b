package script

import (
	"context"
	"github.com/cleanexit/cleanexit/internal/confine"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestRunGroupedOutput: both streams are read at once (a program that
// fills one while the other waits does not stall), and all of each comes
// through.
func TestRunGroupedOutput(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	// 200 KB to each stream in turns, more than a pipe holds.
	script := `i=0; while [ $i -lt 2000 ]; do
		echo "out $i ................................................................................................"
		echo "err $i ................................................................................................" >&2
		i=$((i+1)); done; echo last-out; echo last-err >&2`
	stdout, stderr := newCapture(), newCapture()
	var timedOut bool
	cmd := exec.Command(sh, "-c", script)
	if err := runGrouped(context.Background(), cmd, confine.Wait, newRunMarker(), time.Minute, time.Second, stdout, stderr, &timedOut); err != nil {
		t.Fatal(err)
	}
	out, _ := stdout.text("stdout")
	errs, _ := stderr.text("stderr")
	if !strings.HasPrefix(out, "out 0 ") || !strings.HasSuffix(out, "out 1999 "+strings.Repeat(".", 96)+"\nlast-out\n") || strings.Contains(out, "err ") {
		t.Errorf("stdout: %d bytes, %q…%q", len(out), out[:min(len(out), 40)], out[max(0, len(out)-40):])
	}
	if !strings.HasPrefix(errs, "err 0 ") || !strings.HasSuffix(errs, "last-err\n") || strings.Contains(errs, "out ") {
		t.Errorf("stderr: %d bytes, %q…%q", len(errs), errs[:min(len(errs), 40)], errs[max(0, len(errs)-40):])
	}
}

// TestRunGroupedChildHoldsPipes: a child left holding the interpreter's
// stdout does not hold the run past pipeDrain; what came before it does
// come through.
func TestRunGroupedChildHoldsPipes(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	t.Cleanup(AdoptOrphans())
	marker := newRunMarker()
	// The sleep is the reaper's to find and kill, as after a run.
	t.Cleanup(func() { killAll(runProcesses(marker, true), true) })
	stdout, stderr := newCapture(), newCapture()
	var timedOut bool
	// setsid: out of the group, which the run's end would kill at once.
	cmd := exec.Command(sh, "-c", `echo before; setsid sleep 30 & echo after`)
	cmd.Env = append(os.Environ(), runMarkerVar+"="+marker)
	start := time.Now()
	if err := runGrouped(context.Background(), cmd, confine.Wait, marker, time.Minute, time.Second, stdout, stderr, &timedOut); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	if took > 10*time.Second {
		t.Errorf("took %s: the child's hold on stdout held the run", took)
	}
	if took < pipeDrain {
		t.Errorf("took %s, less than pipeDrain: was the child's output waited for at all?", took)
	}
	if out, _ := stdout.text("stdout"); out != "before\nafter\n" {
		t.Errorf("stdout = %q", out)
	}
}

// TestCapturedPipesEnd: once the program has exited, its pipes end: no
// copy of their write ends stays open in cleanexit (drain would wait for
// ever, the test's timeout failing it).
func TestCapturedPipesEnd(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	stdout, stderr := newCapture(), newCapture()
	cmd := exec.Command(sh, "-c", "echo out; echo err >&2")
	out, err := startCaptured(cmd, stdout, stderr)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	out.drain(time.Hour)
	if o, _ := stdout.text("stdout"); o != "out\n" {
		t.Errorf("stdout = %q", o)
	}
	if e, _ := stderr.text("stderr"); e != "err\n" {
		t.Errorf("stderr = %q", e)
	}
}
