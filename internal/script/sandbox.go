package script

import (
	"fmt"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/rogpeppe/go-internal/testscript"
)

// A Sandbox confines a run's script (cleanexit run --sandbox, or sandbox:
// true in corpus.yaml): the goroutine that runs it locks itself to its
// thread and confines the thread before the script's first line
// (scriptT.confine), so that testscript's own commands (cp, mkdir, chmod,
// unquote…, which run inside cleanexit) and every process the script
// starts (python, exec, pip and what they start: a package's build backend
// is the case's code too) may write beneath $WORK
// (which holds the script's TMPDIR) and Writable only, and open no network
// socket unless Network. A case from someone else cannot write to the
// corpus, the caller's HOME or the cached environments, nor reach a
// network, nor (from Linux 6.12) kill cleanexit. internal/confine is how,
// and says what it does not cover.
//
// build-ext runs off the script's thread (it writes to the extension
// cache, which is cleanexit's; see offThread), but the compilers it starts
// take the case's flags, so they run confined to $WORK (compilerJail),
// and a library built for the cache is built there and copied in.
//
// Non-goals: the environments a case declares are built before its
// script, unconfined; the sandbox does not hide files from reading, only
// from writing.
type Sandbox struct {
	Writable []string // folders writable besides $WORK: the private environment copy a script's pip installs into
	Network  bool     // the case requires network
}

// NewSandbox checks that this machine can confine a process, so that a
// kernel without Landlock is one error now instead of one per run.
func NewSandbox() (*Sandbox, error) {
	if err := confine.Probe(); err != nil {
		return nil, fmt.Errorf("--sandbox: %v; run without --sandbox", err)
	}
	return &Sandbox{}, nil
}

// policy is what the script's thread, and so the script, may do: write
// beneath work, its $WORK, and Writable.
func (sb *Sandbox) policy(work string) *confine.Policy {
	return &confine.Policy{Writable: append([]string{work}, sb.Writable...), Network: sb.Network}
}

// compilerJail is what a compiler build-ext starts may do: nil outside
// the sandbox; in it, write beneath $WORK alone.
func (x *execution) compilerJail(ts *testscript.TestScript) *confine.Policy {
	if x.job.Sandbox == nil {
		return nil
	}
	return &confine.Policy{Writable: []string{ts.Getenv("WORK")}}
}
