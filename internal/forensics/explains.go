package forensics

import (
	"slices"
	"time"
)

// nativeCrashes are the deaths a native stack explains. SIGKILL and
// SIGTERM come from outside (a timeout, the OOM killer): the stack of a
// rerun would show a healthy process.
var nativeCrashes = []string{"SIGSEGV", "SIGABRT", "SIGBUS", "SIGILL", "SIGFPE", "SIGTRAP", "SIGSYS"}

// NativeCrash reports whether a death by the signal named signal is one a
// rerun under the debugger explains.
func NativeCrash(signal string) bool { return slices.Contains(nativeCrashes, signal) }

// RerunLimit bounds a rerun by what the crash it repeats took: a crash
// that needs a race may hang under the debugger's changed timing instead
// (a daemon thread holding stdout's lock does), and waiting a minute for
// it on every such run would cost more than the stack is worth. The
// margin covers the debugger loading the interpreter's symbols. A limit
// of 0 is DefaultTimeout.
func RerunLimit(limit, took time.Duration) time.Duration {
	if limit <= 0 {
		limit = DefaultTimeout
	}
	return min(limit, 3*took+rerunMargin)
}

const rerunMargin = 20 * time.Second
