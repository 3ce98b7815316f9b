// Package exitstatus says how a process ended, and whether that is what a
// case expected.
//
// The same death reaches us in several shapes: Go's os/exec reports a signal
// in the wait status, a shell wrapper reports 128+N, Python's subprocess
// reports -N, and Windows reports an NTSTATUS such as 0xC0000005. A Status
// normalises all of them, so that a case written on Linux as
// `exit: SIGSEGV` means the same thing when a test harness in between
// turned the signal into 139.
//
// An Expect is the `exit` key of a case: a code, a signal name, a list of
// those, or the word `crash` (any death by signal, or a fatal-error
// signature on stderr).
package exitstatus
