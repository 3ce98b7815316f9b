package script

import "testing"

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
