//go:build linux && (amd64 || arm64)

package confine

import (
	"os/exec"
	"syscall"
	"testing"
)

// TestChildRelaysStatus checks that a sandboxed command's wait status
// reaches the caller as it ended, through the init process between them:
// a PID namespace's process 1 would not die of abort(), so an init that
// exec'd the command would turn SIGABRT into a hang or a lie.
func TestChildRelaysStatus(t *testing.T) {
	if err := ProbeChild(Policy{Writable: []string{t.TempDir()}, Processes: 64}); err != nil {
		t.Skip(err)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	for _, c := range []struct {
		name   string
		argv   []string
		code   int
		signal syscall.Signal
	}{
		{"exit 0", []string{python, "-c", "pass"}, 0, 0},
		{"exit 3", []string{python, "-c", "import sys; sys.exit(3)"}, 3, 0},
		{"exit 137", []string{python, "-c", "import sys; sys.exit(137)"}, 137, 0},
		{"abort", []string{python, "-c", "import os; os.abort()"}, 0, syscall.SIGABRT},
		{"fatal error", []string{python, "-c", "import ctypes; ctypes.pythonapi.Py_FatalError(b'boom')"}, 0, syscall.SIGABRT},
		{"segfault", []string{python, "-c", "import ctypes; ctypes.string_at(0)"}, 0, syscall.SIGSEGV},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(c.argv[0], c.argv[1:]...)
			if err := Prepare(cmd, Policy{Writable: []string{t.TempDir()}, Processes: 64}); err != nil {
				t.Fatal(err)
			}
			if err := Launch(cmd); err != nil {
				t.Fatal(err)
			}
			err := Wait(cmd)
			var ws syscall.WaitStatus
			switch e := err.(type) {
			case nil:
			case *Ended:
				ws = e.Status
			default:
				t.Fatalf("Wait: %v (%T)", err, err)
			}
			if c.signal != 0 {
				if !ws.Signaled() || ws.Signal() != c.signal {
					t.Fatalf("ended %v (%v), want signal %v", err, ws, c.signal)
				}
				return
			}
			if ws.Signaled() || ws.ExitStatus() != c.code {
				t.Fatalf("ended %v, want exit %d", err, c.code)
			}
		})
	}
}
