package script

import (
	"context"
	"errors"
	"os/exec"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// fileCheck runs LLVM's FileCheck on the last command's stdout, the CHECK
// lines read from the file args[0], as a lit RUN: line's `| FileCheck %s`
// does. A mismatch fails the line with FileCheck's own diagnostic; how
// python ended was judged by its own line before. The stdout the next
// line sees stays python's, so that a second filecheck reads it too.
func (x *execution) fileCheck(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("filecheck cannot be negated: a case's checks must match")
	}
	if len(args) == 0 {
		ts.Fatalf("usage: filecheck CHECKFILE [OPTIONS…]")
	}
	fc := ""
	if x.job.Features != nil {
		fc = x.job.Features.FileCheck()
	}
	if fc == "" {
		ts.Fatalf("filecheck: this host has no LLVM FileCheck (a case that runs filecheck requires: [filecheck], which makes it UNSUPPORTED here)")
	}
	ctx, cancel := context.WithTimeout(x.ctx, x.timeout())
	defer cancel()
	cmd := exec.CommandContext(ctx, fc, append([]string{ts.MkAbs(args[0])}, args[1:]...)...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = x.environ(ts)
	cmd.Stdin = strings.NewReader(ts.ReadFile("stdout"))
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if diag := strings.TrimRight(out.String(), "\n"); diag != "" {
		ts.Logf("[FileCheck]\n%s", diag)
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case ctx.Err() != nil && x.ctx.Err() == nil:
		ts.Fatalf("filecheck %s: FileCheck did not finish in %s", strings.Join(args, " "), x.timeout())
	case errors.As(err, &exit):
		ts.Fatalf("filecheck %s: python's output does not match the CHECK lines (FileCheck's diagnostic above)", strings.Join(args, " "))
	default:
		ts.Fatalf("filecheck: cannot run %s: %v", fc, err)
	}
}
