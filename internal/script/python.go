package script

import (
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/verdict"
	"github.com/rogpeppe/go-internal/testscript"
)

// stacksGrace is how long a timed-out interpreter gets to write its
// stacks before its process group is killed.
const stacksGrace = 2 * time.Second

// python runs the environment's interpreter and checks how it ended.
func (x *execution) python(ts *testscript.TestScript, neg bool, args []string) {
	if x.job.Python == "" {
		ts.Fatalf("python: no interpreter for this run")
	}
	v := x.job.Run.Variant
	timeout := x.timeout()
	argv := append([]string{"-X", "faulthandler"}, args...)
	cmd := exec.Command(x.job.Python, argv...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = x.moduleAliasEnv(ts, x.environ(ts))
	if rt := x.asanPreload(); rt != "" {
		cmd.Env = append(cmd.Env, asanVars(x.job.goos, rt, ts.Getenv("ASAN_OPTIONS"))...)
	}
	if sb := x.job.Sandbox; sb != nil {
		if err := confine.Prepare(cmd, sb.childPolicy(ts.Getenv("WORK"))); err != nil {
			ts.Fatalf("python: %v", err)
		}
	}
	stdout, stderr := newCapture(), newCapture()
	stderr.scan = &diagnose.Stream{}
	if v.Stderr != nil && diagnose.SingleLine(v.Stderr) {
		stderr.scan.Match = v.Stderr
	}
	inv := Invocation{Args: append([]string{"python"}, args...), Want: v.Exit.String(), Timeout: timeout}
	start := time.Now()
	var err error
	run := func() {
		err = runGrouped(x.ctx, cmd, x.wait, x.marker, timeout, stacksGrace, stdout, stderr, &inv.TimedOut)
	}
	if x.confined {
		// The script's confined thread may not signal the sandbox (its
		// stacks, the group's kill), which is outside its domain.
		offThread(run)
	} else {
		run()
	}
	inv.Duration = time.Since(start)
	inv.Stdout, inv.StdoutDropped = stdout.text("stdout")
	inv.Stderr, inv.StderrDropped = stderr.text("stderr")
	io.WriteString(ts.Stdout(), inv.Stdout)
	io.WriteString(ts.Stderr(), inv.Stderr)
	inv.Status, inv.Started = exitstatus.FromError(err)
	inv.Signatures = stderr.scan.Signatures()
	inv.Traceback = diagnose.Traceback(inv.Stderr)
	noRerun := x.backtrace(ts, exec.Command(x.job.Python, argv...), cmd, &inv)

	var j verdict.Judgment
	switch {
	case !inv.Started:
		j.Problem = x.hostTrouble("python", err)
		if j.Problem == "" {
			j.Problem = fmt.Sprintf("cannot start %s: %v", x.job.Python, err)
		}
	default:
		j = verdict.Python(verdict.PythonRun{
			Variant:    v,
			GOOS:       x.job.goos,
			Strict:     x.job.Strict,
			Negated:    neg,
			TimedOut:   inv.TimedOut,
			Timeout:    timeout,
			Status:     inv.Status,
			Signatures: inv.Signatures,
			Stderr:     inv.Stderr,
			Native:     inv.Native,

			StderrDropped: inv.StderrDropped,
			StderrMatched: stderr.scan.Matched(),
			NoRerun:       noRerun,
		})
	}
	problem := j.Problem
	inv.OK, inv.Problem, inv.Unjudged = problem == "", problem, j.Unjudged
	x.mu.Lock()
	x.pythons = append(x.pythons, inv)
	if inv.TimedOut && problem != "" {
		// A hang the variant declares (exit: timeout) is no TIMEOUT.
		x.timedOut = true
	}
	if j.Unjudged != "" && x.unjudged == "" {
		x.unjudged = j.Unjudged
	}
	x.mu.Unlock()
	if j.Unjudged != "" {
		fmt.Fprintf(ts.Stdout(), "UNSUPPORTED: %s\n", j.Unjudged)
	}
	if problem != "" {
		ts.Fatalf("python %s: %s", strings.Join(args, " "), problem)
	}
}

// asanVars preloads the AddressSanitizer runtime. Leak detection is off
// unless the case's ASAN_OPTIONS asks for it: CPython does not free
// everything at exit, and a leak report would hide the use-after-free we
// are looking for.
func asanVars(goos, runtime, options string) []string {
	if options == "" {
		options = "detect_leaks=0"
	} else if !strings.Contains(options, "detect_leaks") {
		options += ":detect_leaks=0"
	}
	preload := "LD_PRELOAD"
	if goos == "darwin" {
		preload = "DYLD_INSERT_LIBRARIES"
	}
	return []string{preload + "=" + runtime, "ASAN_OPTIONS=" + options}
}
