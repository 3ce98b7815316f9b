package script

import (
	"regexp"
	"strings"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/cleanexit/cleanexit/internal/verdict"
	"github.com/rogpeppe/go-internal/testscript"
)

// notExec is the name `! exec` lines run under. testscript's own exec takes
// any error for the failure a negated line wants, a death by signal and a
// program that never started included, and a builtin cannot be replaced;
// so those lines are renamed in the script testscript reads, and renamed
// back in its transcript.
const notExec = "cleanexit-not-exec"

// negatedExec matches the command word of a `! exec` line, after its
// conditions.
var negatedExec = regexp.MustCompile(`^(\s*(?:\[[^\]]*\]\s+)*!\s+)exec(\s)`)

// withNotExec renames the `! exec` lines of a script (its lines parsed in
// s, the first at line first of its file).
func withNotExec(text string, s *scriptlang.Script, first int) string {
	lines := strings.Split(text, "\n")
	for _, l := range s.Lines {
		i := l.Number - first
		if l.Name != "exec" || !l.Negated || i < 0 || i >= len(lines) {
			continue
		}
		lines[i] = negatedExec.ReplaceAllString(lines[i], "${1}"+notExec+"${2}")
	}
	return strings.Join(lines, "\n")
}

// showExec names `! exec` lines in a transcript as the case wrote them.
func showExec(log string) string {
	log = strings.ReplaceAll(log, "! "+notExec+" ", "! exec ")
	log = strings.ReplaceAll(log, sandboxExec+" ", "exec ")
	return strings.ReplaceAll(log, sandboxWait, "wait")
}

// notExec runs `! exec PROGRAM ARGS…` and holds it to `! python`'s rule
// (verdict.Not): the program must end by itself with a non-zero status.
func (x *execution) notExec(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 0 {
		ts.Fatalf("usage: exec PROGRAM [ARGS…]")
	}
	var err error
	if x.job.Sandbox != nil {
		err = x.execSandboxed(ts, args)
	} else {
		err = ts.Exec(args[0], args[1:]...)
	}
	if err == nil {
		ts.Fatalf("unexpected command success")
	}
	status, ended := exitstatus.FromError(err)
	if !ended {
		if reason := x.hostTrouble(args[0], err); reason != "" {
			ts.Fatalf("exec %s: %s", args[0], reason)
		}
		ts.Fatalf("exec %s: cannot start: %v", args[0], err)
	}
	if problem := verdict.Not("exec", status, diagnose.Classify(ts.ReadFile("stderr"))); problem != "" {
		ts.Fatalf("exec %s: %s", strings.Join(args, " "), problem)
	}
}
