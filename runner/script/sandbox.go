package script

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/rogpeppe/go-internal/testscript"
)

// A Sandbox confines a run's python and exec commands (cleanexit run
// --sandbox, or sandbox: true in corpus.yaml), and testscript's own
// commands, which run on the script's thread (scriptT.confine): they may
// write beneath $WORK (which holds the script's TMPDIR) and Writable only,
// and open no network socket unless Network. A case from someone else cannot write
// to the corpus, the caller's HOME or the cached environments, nor reach
// a network, nor (from Linux 6.12) kill cleanexit. internal/confine is
// how, and says what it does not cover.
//
// Non-goals: pip and build-ext run outside it (they write to the
// environment and the extension cache, which are cleanexit's); the
// sandbox does not hide files from reading, only from writing.
type Sandbox struct {
	Writable []string // folders writable besides $WORK: a private environment copy
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

// start starts cmd, inside the job's sandbox if it has one.
func (x *execution) start(ts *testscript.TestScript, cmd *exec.Cmd) error {
	sb := x.job.Sandbox
	if sb == nil {
		return cmd.Start()
	}
	return confine.Start(cmd, confine.Policy{
		Writable: append([]string{ts.Getenv("WORK")}, sb.Writable...),
		Network:  sb.Network,
	})
}

// sandboxExec is the name `exec` takes in a sandboxed script: testscript
// does not let a program replace its own exec, so the script's exec
// lines are renamed to this command, which the transcript shows.
const sandboxExec = "exec-sandboxed"

// execLine matches a script line whose command is exec, after its
// conditions and its ! or ? prefix.
var execLine = regexp.MustCompile(`(?m)^(\s*(?:\[[^\]\n]*\]\s*)*(?:[!?]\s+)?)exec(\s)`)

// sandboxScript renames the exec commands of a script to sandboxExec.
func sandboxScript(script []byte) []byte {
	return execLine.ReplaceAll(script, []byte("${1}"+sandboxExec+"${2}"))
}

// execSandboxed is testscript's exec, run inside the sandbox: the program
// is looked up on the script's PATH; its output feeds stdout and stderr.
func (x *execution) execSandboxed(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 0 {
		ts.Fatalf("usage: exec program [args...]")
	}
	if last := args[len(args)-1]; strings.HasPrefix(last, "&") && strings.HasSuffix(last, "&") {
		ts.Fatalf("exec %s: background commands are not supported in a sandboxed run", strings.Join(args, " "))
	}
	prog := args[0]
	if !strings.Contains(prog, "/") {
		prog = lookPath(prog, ts.Getenv("PATH"))
		if prog == "" {
			ts.Fatalf("exec %s: not found on the script's PATH", args[0])
		}
	}
	cmd := exec.Command(prog, args[1:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = append(x.environ(ts), "PWD="+cmd.Dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = pipeDrain
	err := x.start(ts, cmd)
	if err == nil {
		err = cmd.Wait()
	}
	ts.Stdout().Write(stdout.Bytes())
	ts.Stderr().Write(stderr.Bytes())
	switch {
	case err != nil && !neg:
		ts.Fatalf("exec %s: %v", strings.Join(args, " "), err)
	case err == nil && neg:
		ts.Fatalf("exec %s: unexpected command success", strings.Join(args, " "))
	}
}

// lookPath finds an executable file named name in path.
func lookPath(name, path string) string {
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// scriptPolicy confines the script itself, on its thread: testscript
// makes $WORK in slot and removes it at the end, and its commands may
// write nowhere else.
func (sb *Sandbox) scriptPolicy(slot string) *confine.Policy {
	return &confine.Policy{Writable: append([]string{slot}, sb.Writable...), Network: sb.Network}
}
