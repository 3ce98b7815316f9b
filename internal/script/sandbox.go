package script

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
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
// The commands run on the script's goroutine. Where one of them would
// write, start a program or signal from there (a line that is not a quiet
// command's, see quietScript), that goroutine is locked to its thread and
// confined before the script's first line (scriptT.confine), and the
// thread may start no program. Every process is started by cleanexit from
// an unconfined thread, in a sandbox of its own (confine.Prepare): in new
// PID, IPC and mount namespaces (a holder's for root, an init's in a user
// namespace for another user), with a session keyring and a process limit
// of its own and no kernel keyrings, confined in a Landlock domain no
// cleanexit thread is in once it has started. python, pip and build-ext's
// compilers are started so by their commands, exec and wait lines are
// renamed to cleanexit's (sandboxExec).
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

// quietCommands are the commands of a sandboxed script that do nothing on
// the script's thread that its confinement would stop: they read files,
// match output or set the script's variables, or start each process they
// run in a sandbox of its own (exec and wait are cleanexit's there, see
// sandboxExec; build-ext runs off the script's thread anyway). cd is not
// one: cleanexit's own commands write beneath the script's folder (build-
// ext's module, the module-alias sitecustomize), which cd can move out of
// $WORK; nor is filecheck, which starts FileCheck from the script's thread.
var quietCommands = map[string]bool{
	"python": true, "pip": true, "build-ext": true, "exec": true, "wait": true,
	"cmp": true, "cmpenv": true, "env": true, "exists": true, "grep": true,
	"skip": true, "stderr": true, "stdin": true, "stdout": true, "stop": true,
}

// quietScript says whether a sandboxed script, whose lines s parsed and
// whose archive holds files, can run on a goroutine that is not confined:
// every line is a quiet command's, and testscript writes every file of
// the archive beneath $WORK, which holds nothing else then (no link to
// follow out of it). Such a script is spared the confined thread's cost
// (a thread made and ended, Landlock, seccomp: 0.15 ms) and the moves of
// each of its commands off that thread and back (0.2 ms, where the
// machine is busy); what it starts is confined all the same.
func quietScript(s *scriptlang.Script, files []txtar.File) bool {
	for _, l := range s.Lines {
		if !quietCommands[l.Name] {
			return false
		}
	}
	for _, f := range files {
		// testscript expands $VARIABLES in a file's name (cases.Load
		// refuses them, and names out of $WORK, but a Case need not come
		// from there).
		if !filepath.IsLocal(f.Name) || strings.Contains(f.Name, "$") {
			return false
		}
	}
	return true
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
