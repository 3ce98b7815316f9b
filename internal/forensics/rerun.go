package forensics

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/confine"
)

// DefaultTimeout bounds a rerun under the debugger. It is the rerun's own:
// a debugger loading an interpreter's debug info is slower than the run it
// repeats, and a rerun that hangs must not hold the run's verdict up.
const DefaultTimeout = 60 * time.Second

// A Command is a process to rerun: what the crashed run started.
type Command struct {
	Path    string   // the program (the interpreter)
	Args    []string // its arguments, without the program
	Env     []string // its whole environment
	Dir     string
	Timeout time.Duration // 0 means DefaultTimeout
	GOOS    string        // "" means runtime.GOOS: which debugger to use
	// Sandbox, when set, runs the debugger, and so the program, in a
	// sandbox of its own (confine.Prepare), as the run itself ran.
	Sandbox *confine.Policy
}

// A debugger is how one platform's debugger is run and read.
type debugger struct {
	name  string
	args  func(c Command) []string
	parse func(string) stacks
}

// gdbArgs runs the program once and prints every thread's stack and where
// each shared object lies (to tell an extension's frames from libc's).
// The program's own output goes to /dev/null (`tty`) so that it cannot be
// mistaken for gdb's; debuginfod and auto-loaded scripts are off so that a
// rerun never reaches the network nor runs python-gdb.py. The program is
// started through a shell, gdb's default: without one, gdb splits
// arguments at spaces and keeps its own backslashes.
//
// Each milestone (evidence.go) gets a dprintf, a breakpoint that prints a
// line and goes on, so that the phase is known where no frame has a name;
// `info breakpoints` then says which of them gdb could place.
func gdbArgs(c Command) []string {
	a := []string{"-q", "-batch", "-nx",
		"-iex", "set debuginfod enabled off",
		"-iex", "set auto-load no",
		"-ex", "set print frame-arguments none",
		"-ex", "set print entry-values no",
		"-ex", "set breakpoint pending on"}
	for _, m := range milestones {
		a = append(a, "-ex", fmt.Sprintf(`dprintf %s,"%s%s\n"`, m, milestoneMark, m))
	}
	a = append(a,
		"-ex", "tty /dev/null",
		"-ex", "run",
		"-ex", "thread apply all bt",
		"-ex", "info sharedlibrary",
		"-ex", "info breakpoints",
		"--args", c.Path)
	return append(a, c.Args...)
}

func lldbArgs(c Command) []string {
	a := []string{"--batch", "--no-lldbinit",
		"-o", "process launch --stdin /dev/null --stdout /dev/null --stderr /dev/null",
		"-o", "bt all",
		"--", c.Path}
	return append(a, c.Args...)
}

var debuggers = map[string]debugger{
	"linux":  {"gdb", gdbArgs, parseGDB},
	"darwin": {"lldb", lldbArgs, parseLLDB},
}

// DebuggerFor names the debugger used on goos and where it is, or says in
// one line why there is none.
func DebuggerFor(goos string) (name, path string, err error) {
	if goos == "" {
		goos = runtime.GOOS
	}
	d, ok := debuggers[goos]
	if !ok {
		return "", "", fmt.Errorf("no native backtrace on %s (gdb on Linux, lldb on macOS)", goos)
	}
	p, err := exec.LookPath(d.name)
	if err != nil {
		hint := "install gdb (apt-get install gdb)"
		if d.name == "lldb" {
			hint = "install Xcode's command line tools (xcode-select --install)"
		}
		return d.name, "", fmt.Errorf("no native backtrace: %s is not on PATH; %s", d.name, hint)
	}
	return d.name, p, nil
}

// Rerun runs c once more under the platform debugger and classifies what
// it shows. It never fails: what went wrong is the result's Note.
func Rerun(ctx context.Context, c Command) Native {
	if c.GOOS == "" {
		c.GOOS = runtime.GOOS
	}
	name, path, err := DebuggerFor(c.GOOS)
	if err != nil {
		return Native{Debugger: name, Note: err.Error()}
	}
	d := debuggers[c.GOOS]
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, d.args(c)...)
	cmd.Dir, cmd.Env = c.Dir, c.Env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	killGroup(cmd)
	if c.Sandbox != nil {
		if err := confine.Prepare(cmd, *c.Sandbox); err != nil {
			return Native{Debugger: name, Note: err.Error()}
		}
	}
	if err = confine.Launch(cmd); err == nil {
		err = confine.Wait(cmd)
	}
	if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return Native{Debugger: name, Note: fmt.Sprintf("the rerun under %s timed out after %s: no native stack", name, timeout)}
	}
	s := d.parse(out.String())
	program := c.Path
	if real, err := filepath.EvalSymlinks(program); err == nil {
		program = real // a venv's python is a link to the interpreter
	}
	n := classify(s, program)
	if s.Signal == "" && s.Exited == "" {
		// The debugger could not run the program at all: say what it said.
		n.Note += ": " + firstWords(out.String(), err)
	}
	return n
}

// firstWords is the first line of a debugger's output that is not one of
// its routine warnings, or the error of its exit.
func firstWords(out string, err error) string {
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.Contains(line, "warning:") || strings.HasPrefix(line, "(lldb)") || ourBreakpoint(line) {
			continue
		}
		return line
	}
	if err != nil {
		return err.Error()
	}
	return "it printed nothing"
}

// ourBreakpoint reports whether a line of gdb's is about the milestones'
// breakpoints, not about the program.
func ourBreakpoint(line string) bool {
	return strings.HasPrefix(line, "Dprintf ") || strings.HasPrefix(line, milestoneMark) ||
		strings.HasPrefix(line, `Function "`) && strings.HasSuffix(line, `" not defined.`)
}
