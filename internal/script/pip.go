package script

import (
	"os/exec"
	"strings"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/rogpeppe/go-internal/testscript"
)

// pip runs pip for the case's environment.
func (x *execution) pip(ts *testscript.TestScript, neg bool, args []string) {
	if len(x.job.Pip) == 0 {
		ts.Fatalf("pip: this run's environment has no pip")
	}
	argv := append(append([]string{}, x.job.Pip[1:]...), args...)
	cmd := exec.Command(x.job.Pip[0], argv...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = append(x.environ(ts), x.job.PipEnv...)
	cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
	if sb := x.job.Sandbox; sb != nil {
		if err := confine.Prepare(cmd, sb.childPolicy(ts.Getenv("WORK"))); err != nil {
			ts.Fatalf("pip: %v", err)
		}
	}
	err := startProcess(cmd)
	if err == nil {
		err = x.wait(cmd)
	} else if reason := x.hostTrouble("pip", err); reason != "" {
		ts.Fatalf("pip %s: %s", strings.Join(args, " "), reason)
	}
	switch {
	case err != nil && !neg:
		ts.Fatalf("pip %s: %v", strings.Join(args, " "), err)
	case err == nil && neg:
		ts.Fatalf("pip %s: succeeded, want a failure", strings.Join(args, " "))
	}
}
