package script

import (
	"os/exec"
	"slices"
	"time"

	"github.com/cleanexit/cleanexit/runner/diagnose"
	"github.com/cleanexit/cleanexit/runner/forensics"
	"github.com/rogpeppe/go-internal/testscript"
)

// crashSignals are the deaths a native stack explains. SIGKILL and SIGTERM
// come from outside (our timeout, the OOM killer): the stack of a rerun
// would show a healthy process.
var crashSignals = []string{"SIGSEGV", "SIGABRT", "SIGBUS", "SIGILL", "SIGFPE", "SIGTRAP", "SIGSYS"}

// backtraceMode is when this run's python commands are repeated under the
// debugger. A variant that names a phase needs its crashes' stacks, so it
// gets them whatever the mode.
func (x *execution) backtraceMode() string {
	mode := x.job.Backtrace
	if mode == "" {
		mode = forensics.ModeCrash
	}
	if mode == forensics.ModeOff && len(x.job.Run.Variant.Phases) > 0 {
		mode = forensics.ModeCrash
	}
	return mode
}

// wantsBacktrace reports whether a finished run is to be repeated under
// the debugger.
func (x *execution) wantsBacktrace(inv *Invocation) bool {
	if !inv.Started || inv.TimedOut {
		return false
	}
	switch x.backtraceMode() {
	case forensics.ModeAlways:
		return true
	case forensics.ModeCrash:
		return slices.Contains(crashSignals, inv.Status.Name) || diagnose.AnyFatal(inv.Signatures)
	}
	return false
}

// backtrace repeats the command that made inv under the debugger, with
// the same environment and directory, and keeps what its stacks say. The
// rerun never decides a verdict by itself: only a variant's `phase:` reads it.
//
// plain is the command before the sandbox wrapped it (cmd is what ran):
// the debugger runs the interpreter, and the sandbox, when there is one,
// wraps the debugger in turn.
func (x *execution) backtrace(ts *testscript.TestScript, plain, cmd *exec.Cmd, inv *Invocation) {
	if !x.wantsBacktrace(inv) {
		return
	}
	if x.asanBuilt() {
		// A sanitized extension reports its own stacks on stderr, and
		// its runtime stalls under ptrace: a rerun would only time out.
		return
	}
	// Started from the script's thread, a sandboxed run's rerun stays in
	// the sandbox.
	n := forensics.Rerun(x.ctx, forensics.Command{
		Path:    plain.Path,
		Args:    plain.Args[1:],
		Env:     cmd.Env,
		Dir:     cmd.Dir,
		Timeout: rerunLimit(x.job.BacktraceTimeout, inv.Duration),
		GOOS:    x.job.goos,
	})
	inv.Native = &n
}

// rerunLimit bounds a rerun by what the crash it repeats took: a crash
// that needs a race may hang under the debugger's changed timing instead
// (a daemon thread holding stdout's lock does), and waiting a minute for
// it on every such run would cost more than the stack is worth. The
// margin covers the debugger loading the interpreter's symbols.
func rerunLimit(limit, took time.Duration) time.Duration {
	if limit <= 0 {
		limit = forensics.DefaultTimeout
	}
	return min(limit, 3*took+rerunMargin)
}

const rerunMargin = 20 * time.Second

func (x *execution) asanBuilt() bool { return x.asanPreload() != "" }

// asanPreload is the AddressSanitizer runtime python runs preload, or ""
// until the script has built a sanitized extension.
func (x *execution) asanPreload() string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.asanRuntime
}
