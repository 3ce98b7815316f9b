package script

import (
	"fmt"

	"github.com/cleanexit/cleanexit/internal/confine"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
)

// startProcess starts every process the script's python, pip and
// build-ext commands run (exec's are testscript's own, but in a sandbox),
// in its sandbox where confine.Prepare made one. Tests replace it to
// inject the host's failures (EAGAIN, ENOMEM, …), which no case can bring
// about on demand.
var startProcess = confine.Launch

// hostTrouble records, when err is the host's want of resources (see
// exitstatus.HostTrouble), that the run could not start what to: the run
// is then UNRESOLVED, whatever the script made of the failure. It returns
// the reason, or "" for any other error, which is the case's to answer for.
func (x *execution) hostTrouble(what string, err error) string {
	errno := exitstatus.HostTrouble(err)
	if errno == "" {
		return ""
	}
	reason := fmt.Sprintf("host trouble (%s): cannot start %s: %v; nothing of the case was judged, rerun when the host has room", errno, what, err)
	x.mu.Lock()
	if x.hostProblem == "" {
		x.hostProblem = reason
	}
	x.mu.Unlock()
	return reason
}

// notPrepared is the outcome of a run cleanexit could not set up (its
// $WORK, its script file): nothing of the case ran, so it is UNRESOLVED,
// never a failure, whatever the reason; a full disk says so.
func notPrepared(err error) Outcome {
	reason := "cannot prepare the run: " + err.Error()
	if errno := exitstatus.HostTrouble(err); errno != "" {
		reason = "host trouble (" + errno + "): " + reason
	}
	return Outcome{Log: "UNRESOLVED: " + reason, Unresolved: reason}
}
