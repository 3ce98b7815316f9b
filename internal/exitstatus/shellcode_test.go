package exitstatus

import "testing"

// A death by signal reads as the shell's 128+N; an exit code, and an
// NTSTATUS too large to be a shell's, as itself.
func TestShellCodeAndString(t *testing.T) {
	tests := []struct {
		s     Status
		shell int
		str   string
	}{
		{Exited(0), 0, "exit 0"},
		{Exited(3), 3, "exit 3"},
		{Signaled(11), 139, "exit 139 (SIGSEGV)"},
		{Status{Code: 0xFFFF, Signal: 11}, 139, "exit 139 (signal 11)"},
		{Status{Code: 0x10000, Signal: 11, Name: "X"}, 0x10000, "exit 0x10000 (X)"},
		{Exited(0xFFFF), 0xFFFF, "exit 65535"},
		{Exited(-0xFFFF), -0xFFFF, "exit -65535"},
		{Exited(-0x10000), -0x10000, "exit 0xffff0000 ()"},
		{fromNTSTATUS(accessViolation), int(accessViolation), "exit 0xc0000005 (STATUS_ACCESS_VIOLATION)"},
	}
	for _, tt := range tests {
		if got := tt.s.shellCode(); got != tt.shell {
			t.Errorf("%+v.shellCode() = %d, want %d", tt.s, got, tt.shell)
		}
		if got := tt.s.String(); got != tt.str {
			t.Errorf("%+v.String() = %q, want %q", tt.s, got, tt.str)
		}
	}
	if Signaled(11).Code != 139 {
		t.Errorf("Signaled(11) = %+v, want code 139", Signaled(11))
	}
}

// Signal numbers are the system's: SIGBUS is 7 on Linux, 10 on macOS and
// the BSDs; "" is this system.
func TestSignalName(t *testing.T) {
	tests := []struct {
		goos string
		n    int
		want string
	}{
		{"linux", 7, "SIGBUS"},
		{"linux", 10, "SIGUSR1"},
		{"darwin", 10, "SIGBUS"},
		{"darwin", 30, "SIGUSR1"},
		{"freebsd", 10, "SIGBUS"},
		{"linux", 11, "SIGSEGV"},
		{"linux", 99, ""},
	}
	for _, tt := range tests {
		if got := signalName(tt.goos, tt.n); got != tt.want {
			t.Errorf("signalName(%q, %d) = %q, want %q", tt.goos, tt.n, got, tt.want)
		}
	}
	if signalName("", 11) != signalName("linux", 11) && signalName("", 11) != signalName("darwin", 11) {
		t.Errorf(`signalName("", 11) = %q names no system's signal 11`, signalName("", 11))
	}
}
