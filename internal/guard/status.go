package guard

import (
	"time"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/verdict"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// The exit statuses of a guarded command that did not end as its own
// ordinary failure, documented in the README: a CI job tells a crash from
// a failing test by them.
const (
	// CrashedStatus: the command died by a signal, or its stderr shows a
	// fatal signature (Fatal Python error, a sanitizer report), whatever
	// its own exit status was. 70 is sysexits' EX_SOFTWARE, outside the
	// codes pytest and shells give.
	CrashedStatus = 70
	// TimedOutStatus: the command did not end within --timeout, as GNU
	// timeout(1) says it.
	TimedOutStatus = 124
)

// An End is how a guarded command ended: what the judge reads.
type End struct {
	Status     exitstatus.Status
	Signatures []diagnose.Signature
	TimedOut   bool
	Timeout    time.Duration
	GOOS       string
}

// A Verdict is what the judge says of an End.
type Verdict struct {
	Word    string // PASS, FAIL, CRASH or TIMEOUT
	Problem string // in report words ("exit 139 (SIGSEGV), want 0 · segfault"); "" for PASS
	Code    int    // the exit status cleanexit exec ends with
}

// Judge judges e as a case's python run that expects a clean exit is
// judged (verdict.Python), then names the end and its exit status: 0 for
// a clean exit, the command's own status for an ordinary failure, and
// CrashedStatus or TimedOutStatus for the rest.
func Judge(e End) Verdict {
	j := verdict.Python(verdict.PythonRun{
		Variant:    &cases.Variant{},
		GOOS:       e.GOOS,
		TimedOut:   e.TimedOut,
		Timeout:    e.Timeout,
		Status:     e.Status,
		Signatures: e.Signatures,
	})
	switch {
	case j.Problem == "":
		return Verdict{Word: "PASS"}
	case e.TimedOut:
		return Verdict{Word: "TIMEOUT", Problem: j.Problem, Code: TimedOutStatus}
	case e.Status.Crashed() || diagnose.AnyFatal(e.Signatures):
		return Verdict{Word: "CRASH", Problem: j.Problem, Code: CrashedStatus}
	}
	code := e.Status.Code
	if code <= 0 || code > 255 {
		code = 1 // an exit status no shell can carry is still a failure
	}
	return Verdict{Word: "FAIL", Problem: j.Problem, Code: code}
}

// rerunWanted says whether an End is repeated under the debugger in mode,
// or why not.
func rerunWanted(mode string, e End) (why string) {
	switch {
	case e.TimedOut:
		return "the command did not end by itself"
	case mode == "" || mode == forensics.ModeOff:
		return "no rerun under the debugger (--backtrace crash asks for one: it repeats the whole command)"
	case mode == forensics.ModeCrash && !forensics.NativeCrash(e.Status.Name) && !diagnose.AnyFatal(e.Signatures):
		return e.Status.String() + " is not a crash a native stack explains"
	}
	return ""
}
