package toolchains

import (
	"bytes"
	"context"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/procgroup"
)

// commandRunner runs a program and returns what it wrote. It is a variable
// of Options so that tests can count or fake the processes discovery starts.
type commandRunner func(ctx context.Context, env []string, name string, args ...string) (stdout, stderr []byte, err error)

// runCommand is the commandRunner that starts real processes. A nil env
// inherits this process's environment.
func runCommand(ctx context.Context, env []string, name string, args ...string) ([]byte, []byte, error) {
	return runWithInput(ctx, env, nil, name, args...)
}

// runWithInput is runCommand with stdin (nil: none) for the program.
func runWithInput(ctx context.Context, env []string, stdin io.Reader, name string, args ...string) ([]byte, []byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdin = stdin
	// Past the identify timeout, kill what it started too: a hanging
	// "interpreter" may be a script with children of its own.
	procgroup.Isolate(cmd)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	// A child that leaves a grandchild holding its pipes must not hang us.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	procgroup.Kill(cmd)
	return stdout.Bytes(), stderr.Bytes(), err
}

// lastLine is the last non-empty line of a program's output, the part of an
// error message a user reads first.
func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
