package verdict

import (
	"strings"

	"github.com/cleanexit/cleanexit/runner/result"
)

// RunFacts are what the stages found of one run, for Run to judge: the
// plan's, the environment's, the tries', the seals'. A stage reports
// facts; no stage sets a status.
type RunFacts struct {
	// Skipped is the plan's reason the run cannot happen here (requires:,
	// python:, --unsupported), "" when it can.
	Skipped string
	// NotRun says why the session did not start the run (an interrupt).
	NotRun string
	// Network is why the run's environment needs an index that did not
	// answer; EnvProblem why its environment could not be made otherwise
	// (pip's error, the host's trouble, an interrupt while making it).
	Network    string
	EnvProblem string

	// Tries is what the script's tries showed, nil when none was made;
	// XFail the condition that declares the run expected to fail,
	// Interrupted whether the session was stopped while they ran, and
	// Diagnosis the decisive try's one-line reason.
	Tries       *Attempts
	XFail       string
	Interrupted bool
	Diagnosis   string

	// Wrote are what the run (or a run beside it, Beside) changed that no
	// run may: the corpus, the caller's configuration, an interpreter's
	// library. Earlier says that an earlier run changed this run's
	// interpreter's library, so what it showed is not its own.
	Wrote   []string
	Beside  []string
	Earlier string
}

// Run decides a run's status and its one-line reason from its facts, in
// this order: a run that cannot happen here, or was not started, or whose
// environment could not be made, showed nothing; one that wrote where no
// run may fails, whatever its script showed, and later runs cannot be
// trusted either; one whose library an earlier run changed judged nothing;
// else its tries decide (Attempts.Status).
//
// It is a chain of ifs, not a switch: the mutation tester sees no test
// reach a case's expression, only its body.
func Run(f RunFacts) (result.Status, string) {
	if f.Skipped != "" {
		return result.Unsupported, f.Skipped
	}
	if f.NotRun != "" {
		return result.Unresolved, "not run: " + f.NotRun
	}
	if f.Network != "" {
		return result.Unsupported, "network: " + f.Network
	}
	if f.EnvProblem != "" {
		return result.Unresolved, f.EnvProblem
	}
	if len(f.Wrote) > 0 {
		reason := "wrote to " + strings.Join(f.Wrote, ", ")
		if len(f.Beside) > 0 {
			// The change was seen while these ran too: it is this run's,
			// or theirs, and each of them fails with it.
			reason += ", or a run beside it did (" + strings.Join(f.Beside, ", ") + ")"
		}
		return result.Fail, reason
	}
	if f.Earlier != "" {
		return result.Unresolved, f.Earlier
	}
	if f.Tries == nil {
		return result.Unresolved, "no try was made"
	}
	return f.Tries.Status(f.XFail, f.Interrupted, f.Diagnosis)
}
