package exitstatus

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// A Status is how a process ended: with an exit code, or killed by a
// signal. A death by signal is never also an exit code: Normalize turns the
// shell's 128+N back into signal N only where the caller says the code came
// from a shell.
type Status struct {
	Code   int    // exit code; meaningful when Signal == 0
	Signal int    // signal number, 0 when the process exited
	Name   string // the signal's or NTSTATUS's name, "" when it has none
}

// Exited returns the status of a process that exited with code.
func Exited(code int) Status { return Status{Code: code} }

// Signaled returns the status of a process killed by signal n on this system.
func Signaled(n int) Status { return Status{Code: 128 + n, Signal: n, Name: signalName("", n)} }

// Crashed reports whether the process died by a signal (or, on Windows, an
// NTSTATUS that means a crash).
func (s Status) Crashed() bool { return s.Signal != 0 }

// shellCode is the status as a POSIX shell shows it: 128+N for signal N.
func (s Status) shellCode() int {
	if s.Signal != 0 && !s.ntstatus() {
		return 128 + s.Signal
	}
	return s.Code
}

// ntstatus reports whether the code is too wide for a POSIX status: a
// Windows NTSTATUS, negative where int is 32 bits wide.
func (s Status) ntstatus() bool { return s.Code > 0xFFFF || s.Code < -0xFFFF }

// String reads "exit 0", "exit 134 (SIGABRT)", the form reports use.
func (s Status) String() string {
	if s.ntstatus() {
		return fmt.Sprintf("exit %#x (%s)", uint32(s.Code), s.Name)
	}
	if s.Signal != 0 {
		name := s.Name
		if name == "" {
			name = fmt.Sprintf("signal %d", s.Signal)
		}
		return fmt.Sprintf("exit %d (%s)", s.shellCode(), name)
	}
	return fmt.Sprintf("exit %d", s.Code)
}

// fromProcessState reads the status Go's os/exec reports.
func fromProcessState(ps *os.ProcessState) Status {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return Signaled(int(ws.Signal()))
	}
	if code := ps.ExitCode(); code >= 0 {
		return fromNTSTATUSIfCrash(code)
	}
	return Status{Code: -1}
}

// FromError reads the status out of the error cmd.Wait or cmd.Run returned.
// A nil error is exit 0. The boolean is false when err says nothing about
// how the process ended (it never started, say).
func FromError(err error) (Status, bool) {
	if err == nil {
		return Exited(0), true
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return fromProcessState(ee.ProcessState), true
	}
	var relayed interface{ WaitStatus() syscall.WaitStatus }
	if errors.As(err, &relayed) {
		return fromWaitStatus(relayed.WaitStatus()), true
	}
	return Status{}, false
}

// fromWaitStatus reads a wait status that reached cleanexit other than by
// its own wait: a sandboxed command's, relayed by the sandbox's init
// process (internal/confine), whose own status is not the command's.
func fromWaitStatus(ws syscall.WaitStatus) Status {
	if ws.Signaled() {
		return Signaled(int(ws.Signal()))
	}
	return fromNTSTATUSIfCrash(ws.ExitStatus())
}

// ntstatus maps the NTSTATUS codes a crashing Windows process ends with to
// the POSIX signal that means the same, so that `exit: SIGSEGV` holds there.
var ntstatus = map[uint32]struct {
	name   string
	signal string
}{
	0xC0000005: {"STATUS_ACCESS_VIOLATION", "SIGSEGV"},
	0xC0000409: {"STATUS_STACK_BUFFER_OVERRUN", "SIGABRT"},
	0xC000001D: {"STATUS_ILLEGAL_INSTRUCTION", "SIGILL"},
	0xC0000094: {"STATUS_INTEGER_DIVIDE_BY_ZERO", "SIGFPE"},
	0xC00000FD: {"STATUS_STACK_OVERFLOW", "SIGSEGV"},
	0xC0000374: {"STATUS_HEAP_CORRUPTION", "SIGABRT"},
	0x80000003: {"STATUS_BREAKPOINT", "SIGTRAP"},
}

// fromNTSTATUS reads a Windows exit code. Crash codes keep their value and
// name and carry the equivalent POSIX signal; others are plain exits.
func fromNTSTATUS(code uint32) Status {
	if nt, ok := ntstatus[code]; ok {
		sig, _ := signalNumber("windows", nt.signal)
		return Status{Code: int(code), Signal: sig, Name: nt.name}
	}
	return Exited(int(code))
}

// fromNTSTATUSIfCrash is fromNTSTATUS for codes that are crash NTSTATUS
// values and Exited for everything else; POSIX codes never reach that range.
// The code is read as the 32 bits Windows gives: where int is 32 bits wide,
// 0xC0000005 arrives negative.
func fromNTSTATUSIfCrash(code int) Status {
	if u := uint32(code); u > 0xFFFF {
		return fromNTSTATUS(u)
	}
	return Exited(code)
}
