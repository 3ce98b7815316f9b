// Package guard runs a command a project already runs (a pytest suite, a
// CLI) and judges how it ended exactly as a case's `python` is judged: by
// its exit status, a death by signal, and the fatal-error and sanitizer
// signatures on its stderr, so that "4 passed" followed by a segfault is a
// crash, not a pass.
//
// Goals: the same verdict as a case, one line of it, and an exit status a
// CI job can branch on (see the constants in status.go). On a crash the
// whole command can be repeated under the debugger for the phase and the
// native stack; on a timeout every Python thread's stack is asked for.
//
// Non-goals: a guarded command is not a case. It runs in the caller's
// environment and directory (it is the caller's command), is not sealed,
// and has no expectations beyond a clean exit.
package guard
