package script

import (
	"fmt"
	"os/exec"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/rogpeppe/go-internal/testscript"
)

// A Sandbox confines a run's script (cleanexit run --sandbox, or sandbox:
// true in corpus.yaml), so that testscript's own commands (cp, mkdir,
// chmod, unquote…, which run inside cleanexit) and every process the
// script starts (python, exec, pip and what they start: a package's build
// backend is the case's code too) may write beneath $WORK (which holds the
// script's TMPDIR) and Writable only, and open no network socket unless
// Network. A case from someone else cannot write to the corpus, the
// caller's HOME or the cached environments, nor reach a network, nor
// signal, trace or read any process of cleanexit's, nor leave SysV IPC
// objects or keys behind, nor fork more than sandboxProcesses processes.
// internal/confine is how, and says what it does not cover.
//
// The commands run on the script's goroutine, locked to its thread and
// confined before the script's first line (scriptT.confine); that thread
// may start no program. Every process is started by cleanexit from an
// unconfined thread, in a sandbox of its own (confine.Prepare): a child
// process that is process 1 of new PID, IPC and mount namespaces (and,
// but for root, a user namespace), with a session keyring and a process
// limit of its own and no kernel keyrings, confined in a Landlock domain
// no cleanexit thread is in. python, pip and build-ext's compilers
// are started so by their commands, exec and wait lines are renamed to
// cleanexit's (sandboxExec).
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
	if err := confine.ProbeChild(confine.Policy{Processes: sandboxProcesses}); err != nil {
		return nil, fmt.Errorf("--sandbox: %v; run without --sandbox", err)
	}
	return &Sandbox{}, nil
}

// sandboxProcesses is how many processes a sandboxed command may hold at
// once, threads included: a fork bomb fails its own run, well past what a
// build with a compiler per core needs.
const sandboxProcesses = 1024

// Close lets go of what the sandbox keeps for the runs to come (root's
// holders, and their cgroups: see confine.Prepare); a later run makes it
// again.
func (sb *Sandbox) Close() { confine.ReleaseHolders() }

// policy is what the script's thread may do: write beneath work, its
// $WORK, and Writable, and start no program (each is started in a sandbox
// of its own, childPolicy).
func (sb *Sandbox) policy(work string) *confine.Policy {
	return &confine.Policy{Writable: append([]string{work}, sb.Writable...), Network: sb.Network, NoExec: true}
}

// childPolicy is what each process the script starts may do: what its
// thread may, with at most sandboxProcesses processes.
func (sb *Sandbox) childPolicy(work string) confine.Policy {
	return confine.Policy{Writable: append([]string{work}, sb.Writable...), Network: sb.Network, Processes: sandboxProcesses}
}

// wait waits for cmd, a process the script started (confine.WaitLeft),
// and keeps what its sandbox killed behind it for the run's outcome: a
// process a sandboxed command left running is named, and fails a strict
// run, as one an unconfined run leaves is.
func (x *execution) wait(cmd *exec.Cmd) error {
	left, err := confine.WaitLeft(cmd)
	if len(left) > 0 {
		x.mu.Lock()
		for _, l := range left {
			x.sandboxLeft = append(x.sandboxLeft, process{pid: l.PID, name: l.Name, inSandbox: true})
		}
		x.mu.Unlock()
	}
	return err
}

// compilerJail is what a compiler build-ext starts may do: nil outside
// the sandbox; in it, write beneath $WORK alone.
func (x *execution) compilerJail(ts *testscript.TestScript) *confine.Policy {
	if x.job.Sandbox == nil {
		return nil
	}
	return &confine.Policy{Writable: []string{ts.Getenv("WORK")}, Processes: sandboxProcesses}
}
