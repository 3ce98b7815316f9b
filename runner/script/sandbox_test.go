package script

import (
	"testing"

	"github.com/cleanexit/cleanexit/runner/exitstatus"
)

// TestSandboxScript: every exec command of a script, whatever its
// conditions and prefix, runs inside the sandbox; nothing else changes.
func TestSandboxScript(t *testing.T) {
	tests := []struct{ in, want string }{
		{"exec sh -c 'x'\n", "exec-sandboxed sh -c 'x'\n"},
		{"! exec false\n", "! exec-sandboxed false\n"},
		{"? exec maybe\n", "? exec-sandboxed maybe\n"},
		{"[linux] exec ls\n[!darwin] [cc] ! exec cc\n", "[linux] exec-sandboxed ls\n[!darwin] [cc] ! exec-sandboxed cc\n"},
		{"  exec indented\n", "  exec-sandboxed indented\n"},
		{"python exec.py\nstdout 'exec '\n# exec in a comment? no: comments start with #\n", "python exec.py\nstdout 'exec '\n# exec in a comment? no: comments start with #\n"},
		{"execute this\n", "execute this\n"},
	}
	for _, tt := range tests {
		if got := string(sandboxScript([]byte(tt.in))); got != tt.want {
			t.Errorf("sandboxScript(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSandboxStatusOf: under bubblewrap exit 128+N is signal N; outside
// the sandbox, and for codes that name no signal, the status is kept.
func TestSandboxStatusOf(t *testing.T) {
	sb := &Sandbox{}
	for _, tt := range []struct {
		sb   *Sandbox
		in   exitstatus.Status
		want exitstatus.Status
	}{
		{sb, exitstatus.Exited(137), exitstatus.Signaled(9)},
		{sb, exitstatus.Exited(139), exitstatus.Signaled(11)},
		{sb, exitstatus.Exited(134), exitstatus.Signaled(6)},
		{sb, exitstatus.Exited(1), exitstatus.Exited(1)},
		{sb, exitstatus.Exited(0), exitstatus.Exited(0)},
		{sb, exitstatus.Exited(128), exitstatus.Exited(128)},
		{sb, exitstatus.Exited(255), exitstatus.Exited(255)},
		{sb, exitstatus.Signaled(11), exitstatus.Signaled(11)},
		{nil, exitstatus.Exited(137), exitstatus.Exited(137)},
	} {
		if got := tt.sb.statusOf(tt.in); got != tt.want {
			t.Errorf("sandbox %v: statusOf(%v) = %v, want %v", tt.sb != nil, tt.in, got, tt.want)
		}
	}
}
