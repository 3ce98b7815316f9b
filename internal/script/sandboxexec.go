package script

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/rogpeppe/go-internal/testscript"
)

// In a sandbox, every process a script starts runs in a sandbox of its
// own (confine.Prepare), started by cleanexit from an unconfined thread.
// testscript's exec would start it from the script's confined thread, in
// that thread's Landlock domain, from where it could signal the thread
// and so cleanexit; a builtin cannot be replaced, so a sandboxed script's
// exec and wait lines are renamed, as `! exec` lines are (notExec), to
// commands of cleanexit's, and the script's thread may start no program
// (confine.Policy.NoExec).
const (
	sandboxExec = "cleanexit-sandbox-exec"
	sandboxWait = "cleanexit-sandbox-wait"
)

var (
	plainExec = regexp.MustCompile(`^(\s*(?:\[[^\]]*\]\s+)*)exec(\s)`)
	plainWait = regexp.MustCompile(`^(\s*(?:\[[^\]]*\]\s+)*)wait(\s|$)`)
)

// withSandboxExec renames the exec and wait lines that are not negated
// (`! exec` is notExec's) of a script whose lines s parsed, the first at
// line first of its file.
func withSandboxExec(text string, s *scriptlang.Script, first int) string {
	lines := strings.Split(text, "\n")
	for _, l := range s.Lines {
		i := l.Number - first
		if l.Negated || i < 0 || i >= len(lines) {
			continue
		}
		switch l.Name {
		case "exec":
			lines[i] = plainExec.ReplaceAllString(lines[i], "${1}"+sandboxExec+"${2}")
		case "wait":
			lines[i] = plainWait.ReplaceAllString(lines[i], "${1}"+sandboxWait+"${2}")
		}
	}
	return strings.Join(lines, "\n")
}

// A backgroundExec is a sandboxed `exec … &`, until wait.
type backgroundExec struct {
	args           []string
	cmd            *exec.Cmd
	stdout, stderr strings.Builder
}

// sandboxedExec runs `exec PROGRAM ARGS… [&]` in a sandbox of its own, as
// testscript's exec would run it otherwise.
func (x *execution) sandboxedExec(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 0 {
		ts.Fatalf("usage: exec PROGRAM [ARGS…] [&]")
	}
	if last := args[len(args)-1]; strings.HasPrefix(last, "&") && strings.HasSuffix(last, "&") {
		if last != "&" {
			ts.Fatalf("exec: a sandboxed script's background commands have no names (%s); use `&` and wait", last)
		}
		bg := &backgroundExec{args: args[:len(args)-1]}
		cmd, err := x.sandboxedCommand(ts, bg.args, &bg.stdout, &bg.stderr)
		if err == nil {
			err = startProcess(cmd)
		}
		if err != nil {
			ts.Fatalf("exec %s: %v", bg.args[0], err)
		}
		bg.cmd = cmd
		x.mu.Lock()
		x.background = append(x.background, bg)
		x.mu.Unlock()
		return
	}
	if err := x.execSandboxed(ts, args); err != nil {
		ts.Fatalf("exec %s: %v", strings.Join(args, " "), err)
	}
}

// execSandboxed runs args in a sandbox of its own and waits for it; its
// output becomes the script's stdout and stderr.
func (x *execution) execSandboxed(ts *testscript.TestScript, args []string) error {
	if last := args[len(args)-1]; strings.HasPrefix(last, "&") && strings.HasSuffix(last, "&") {
		ts.Fatalf("! exec: a sandboxed script's negated commands cannot run in the background (%s)", last)
	}
	cmd, err := x.sandboxedCommand(ts, args, ts.Stdout(), ts.Stderr())
	if err == nil {
		err = startProcess(cmd)
	}
	if err != nil {
		return err
	}
	return x.wait(cmd)
}

// sandboxedWait waits for the script's background commands, as
// testscript's wait does: their output, one after the other, becomes the
// script's stdout and stderr, and a failure fails the script.
func (x *execution) sandboxedWait(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 0 {
		ts.Fatalf("usage: wait (a sandboxed script's background commands have no names)")
	}
	x.mu.Lock()
	bgs := x.background
	x.background = nil
	x.mu.Unlock()
	var failed []string
	for _, bg := range bgs {
		err := x.wait(bg.cmd)
		ts.Stdout().Write([]byte(bg.stdout.String()))
		ts.Stderr().Write([]byte(bg.stderr.String()))
		if err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", strings.Join(bg.args, " "), err))
		}
	}
	if len(failed) > 0 {
		ts.Fatalf("unexpected background command failure: %s", strings.Join(failed, "; "))
	}
}

// stopBackground kills and waits for the background commands a script
// left running at its end, as testscript does with its own.
func (x *execution) stopBackground() {
	x.mu.Lock()
	bgs := x.background
	x.background = nil
	x.mu.Unlock()
	for _, bg := range bgs {
		bg.cmd.Process.Kill()
		x.wait(bg.cmd)
	}
}

// sandboxedCommand is args as exec would run them, in the script's
// folder and environment, prepared to start in a sandbox of its own.
func (x *execution) sandboxedCommand(ts *testscript.TestScript, args []string, stdout, stderr io.Writer) (*exec.Cmd, error) {
	path, err := lookScriptPath(args[0], ts.Getenv("PATH"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, args[1:]...)
	cmd.Args[0] = args[0]
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = append(x.environ(ts), "PWD="+cmd.Dir)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := confine.Prepare(cmd, x.job.Sandbox.childPolicy(ts.Getenv("WORK"))); err != nil {
		return nil, err
	}
	return cmd, nil
}

// lookScriptPath finds a program as testscript's exec does: by the
// script's PATH, not cleanexit's, where its name has no slash.
func lookScriptPath(name, path string) (string, error) {
	if strings.Contains(name, "/") {
		return name, nil
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %s in the script's PATH", exec.ErrNotFound, name)
}
