package script

import (
	"os/exec"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/rogpeppe/go-internal/testscript"
)

// backtraceMode is when this run's python commands are repeated under the
// debugger. An explicit off wins over a variant's `phase:`, which is then
// left unjudged (see verdict.Judgment).
func (x *execution) backtraceMode() string {
	if x.job.Backtrace == "" {
		return forensics.ModeCrash
	}
	return x.job.Backtrace
}

// noRerun says why a finished run is not repeated under the debugger, or
// "" when it is to be.
func (x *execution) noRerun(inv *Invocation) string {
	if !inv.Started || inv.TimedOut {
		return "the run did not end by itself"
	}
	switch x.backtraceMode() {
	case forensics.ModeOff:
		return "backtraces are off (--backtrace off)"
	case forensics.ModeCrash:
		if !forensics.NativeCrash(inv.Status.Name) && !diagnose.AnyFatal(inv.Signatures) {
			return inv.Status.String() + " is not a crash a native stack explains"
		}
	}
	if x.asanBuilt() {
		// A sanitized extension reports its own stacks on stderr, and
		// its runtime stalls under ptrace: a rerun would only time out.
		return "an AddressSanitizer build is not rerun under the debugger; its report is on stderr"
	}
	return ""
}

// backtrace repeats the command that made inv under the debugger, with
// the same environment and directory, and keeps what its stacks say; it
// returns why it did not, or "". The rerun never decides a verdict by
// itself: only a variant's `phase:` reads it.
//
// plain is the command before the sandbox wrapped it (cmd is what ran):
// the debugger runs the interpreter, and the sandbox, when there is one,
// wraps the debugger in turn.
func (x *execution) backtrace(ts *testscript.TestScript, plain, cmd *exec.Cmd, inv *Invocation) (noRerun string) {
	if why := x.noRerun(inv); why != "" {
		return why
	}
	// A sandboxed run's rerun runs in a sandbox of its own too.
	var sandbox *confine.Policy
	if sb := x.job.Sandbox; sb != nil {
		p := sb.childPolicy(ts.Getenv("WORK"))
		sandbox = &p
	}
	n := forensics.Rerun(x.ctx, forensics.Command{
		Path:    plain.Path,
		Args:    plain.Args[1:],
		Env:     cmd.Env,
		Dir:     cmd.Dir,
		Timeout: forensics.RerunLimit(x.job.BacktraceTimeout, inv.Duration),
		GOOS:    x.job.goos,
		Sandbox: sandbox,
	})
	inv.Native = &n
	return ""
}

func (x *execution) asanBuilt() bool { return x.asanPreload() != "" }

// asanPreload is the AddressSanitizer runtime python runs preload, or ""
// until the script has built a sanitized extension.
func (x *execution) asanPreload() string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.asanRuntime
}
