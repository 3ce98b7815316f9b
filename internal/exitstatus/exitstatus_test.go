package exitstatus

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// accessViolation is a variable, so that int() of it is the run-time
// conversion, which wraps where int is 32 bits wide.
var accessViolation uint32 = 0xC0000005

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		got  Status
		want string
	}{
		{"exit 0", Exited(0), "exit 0"},
		{"exit 1", Exited(1), "exit 1"},
		{"ntstatus access violation", fromNTSTATUS(0xC0000005), "exit 0xc0000005 (STATUS_ACCESS_VIOLATION)"},
		{"ntstatus stack buffer overrun", fromNTSTATUS(0xC0000409), "exit 0xc0000409 (STATUS_STACK_BUFFER_OVERRUN)"},
		{"ntstatus plain", fromNTSTATUS(2), "exit 2"},
		{"windows code as int", fromNTSTATUSIfCrash(int(accessViolation)), "exit 0xc0000005 (STATUS_ACCESS_VIOLATION)"},
		// int(int32(0xC0000005)): what a 32-bit int holds of it.
		{"windows code as a 32-bit int", fromNTSTATUSIfCrash(-1073741819), "exit 0xc0000005 (STATUS_ACCESS_VIOLATION)"},
	}
	for _, tt := range tests {
		if got := tt.got.String(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestSameDeathSameStatus(t *testing.T) {
	// One crash, two reporters: both must agree on the signal.
	if s := Signaled(11); s.Signal != 11 || s.shellCode() != 139 || !s.Crashed() {
		t.Errorf("%+v: want SIGSEGV, shell 139", s)
	}
	if s := fromNTSTATUS(0xC0000005); !s.Crashed() || s.Signal != 11 {
		t.Errorf("access violation: got %+v, want a crash carrying SIGSEGV", s)
	}
}

func TestFromRealProcess(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs a POSIX shell")
	}
	tests := []struct {
		script string
		want   string
	}{
		{"exit 0", "exit 0"},
		{"exit 3", "exit 3"},
		{"kill -SEGV $$", "exit 139 (SIGSEGV)"},
		{"kill -ABRT $$", "exit 134 (SIGABRT)"},
		{"kill -KILL $$", "exit 137 (SIGKILL)"},
	}
	for _, tt := range tests {
		err := exec.Command("sh", "-c", tt.script).Run()
		s, ok := FromError(err)
		if !ok {
			t.Fatalf("%s: no status from %v", tt.script, err)
		}
		if s.String() != tt.want {
			t.Errorf("%s: got %s, want %s", tt.script, s, tt.want)
		}
	}
	// A process state of exit 0 (FromError never passes one on) is exit 0.
	ok0 := exec.Command("sh", "-c", "exit 0")
	ok0.Run()
	if s := fromProcessState(ok0.ProcessState); s != Exited(0) {
		t.Errorf("fromProcessState(exit 0) = %s", s)
	}
	if _, ok := FromError(exec.Command("/nonexistent/prog").Run()); ok {
		t.Errorf("a process that never started has no status")
	}
}

func TestParseWord(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr string
	}{
		{"0", "0", ""},
		{"134", "134", ""},
		{"SIGABRT", "SIGABRT", ""},
		{"crash", "crash", ""},
		{"timeout", "timeout", ""},
		{"SIGABORT", "", `"SIGABORT" is not a signal name (did you mean SIGABRT?)`},
		{"segv", "", `"segv" is not a signal name (did you mean SIGSEGV?)`},
		{"sigsegv", "", `did you mean SIGSEGV?`},
		{"boom", "", `want an exit code, a signal name such as SIGSEGV, crash, or timeout`},
		{"255", "255", ""},
		{"0", "0", ""},
		{"256", "", "out of range"},
		{"-1", "", "out of range"},
		{"-6", "", "out of range"},
		{"", "", "empty"},
	}
	for _, tt := range tests {
		e, err := ParseWord(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseWord(%q) error = %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || e.String() != tt.want {
			t.Errorf("ParseWord(%q) = %v, %v; want %s", tt.in, e, err, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	word := func(s string) Expect {
		e, err := ParseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	tests := []struct {
		expect Expect
		status Status
		fatal  bool
		want   bool
	}{
		{Expect{}, Exited(0), false, true},
		{Expect{}, Exited(1), false, false},
		{Expect{}, Signaled(11), false, false},
		{word("SIGSEGV"), Signaled(11), false, true},
		{word("SIGSEGV"), Exited(139), false, true}, // a shell in between
		{word("SIGSEGV"), Signaled(6), false, false},
		{word("139"), Signaled(11), false, true},
		{word("134"), Signaled(11), false, false},
		{word("crash"), Signaled(6), false, true},
		{word("crash"), Exited(1), true, true}, // fatal error, exit code hidden by a wrapper
		{word("crash"), Exited(1), false, false},
		{word("crash"), Exited(0), false, false},
		{Union(word("SIGSEGV"), word("SIGABRT")), Signaled(6), false, true},
		{Union(word("SIGSEGV"), word("SIGABRT")), Signaled(9), false, false},
		{word("120"), Exited(120), false, true},
		{word("SIGSEGV"), Exited(1), false, false},
		{word("SIGSEGV"), Exited(0), false, false},
		{word("139"), Exited(139), false, true},
		{word("3"), Signaled(3), false, false},
		{Union(word("SIGSEGV"), word("crash")), Signaled(6), false, true},
		{Union(word("crash"), word("SIGSEGV")), Exited(1), true, true},
	}
	for _, tt := range tests {
		if got := tt.expect.Match("linux", tt.status, tt.fatal); got != tt.want {
			t.Errorf("%s.Match(%s, fatal=%v) = %v, want %v", tt.expect, tt.status, tt.fatal, got, tt.want)
		}
	}
	// NTSTATUS on Windows matches the equivalent signal name, not 128+N.
	if !word("SIGSEGV").Match("windows", fromNTSTATUS(0xC0000005), false) {
		t.Errorf("SIGSEGV must match STATUS_ACCESS_VIOLATION on windows")
	}
	// On Windows a shell's 128+N means nothing: exit 139 is exit 139.
	if word("SIGSEGV").Match("windows", Exited(139), false) || word("139").Match("windows", Signaled(11), false) {
		t.Errorf("128+N must not stand for signal N on windows")
	}
	if word("139").Match("windows", fromNTSTATUS(0xC0000005), false) {
		t.Errorf("139 must not match STATUS_ACCESS_VIOLATION on windows")
	}
}

func TestSignalNumbersDiffer(t *testing.T) {
	if n, _ := signalNumber("darwin", "SIGBUS"); n != 10 {
		t.Errorf("darwin SIGBUS = %d, want 10", n)
	}
	if n, _ := signalNumber("linux", "SIGBUS"); n != 7 {
		t.Errorf("linux SIGBUS = %d, want 7", n)
	}
	if signalName("linux", 11) != "SIGSEGV" {
		t.Errorf("linux 11 is SIGSEGV")
	}
}
