package script

import (
	"context"
	"fmt"
	"maps"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/cleanexit/cleanexit/internal/verdict"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
)

// Execute runs the job's script and reports what it showed. It never
// panics on a bad script: testscript's own errors become a failed outcome
// with the message in the log.
func Execute(ctx context.Context, j Job) Outcome {
	start := time.Now()
	if j.goos == "" {
		j.goos = runtime.GOOS
	}
	x := &execution{job: j, ctx: ctx}
	out := x.execute()
	out.Duration = time.Since(start)
	return out
}

type execution struct {
	job Job
	ctx context.Context

	mu       sync.Mutex
	pythons  []Invocation
	timedOut bool
	envKeys  []string
	marker   string // names every process of this run (see reaper.go)

	// asanRuntime, once an extension was built with AddressSanitizer, is
	// the runtime python runs preload.
	asanRuntime string

	// unsupported says what the host lacks, when a build-ext failed for
	// want of it; the run is then UNSUPPORTED, not failed.
	unsupported string

	// unjudged is the first python command's expectation that the
	// evidence could not decide: a run that passed otherwise is then
	// UNSUPPORTED, for that reason.
	unjudged string

	// hostProblem is the first start the host's want of resources made
	// fail (see hostTrouble): the run is then UNRESOLVED.
	hostProblem string

	// background are a sandboxed script's `exec … &`, until its wait.
	background []*backgroundExec
	// sandboxLeft are the processes the sandboxes of a sandboxed run's
	// commands killed behind them (see wait).
	sandboxLeft []process
	// confined: the script runs on a confined thread of its own, from
	// which each of its commands moves off to start its processes (a
	// sandboxed script that is not a quietScript).
	confined bool
}

// timeout is the limit one command of the script runs under: the
// session's --timeout, else the variant's, else the default.
func (x *execution) timeout() time.Duration {
	if x.job.Timeout > 0 {
		return x.job.Timeout
	}
	if t := x.job.Run.Variant.Timeout; t > 0 {
		return t
	}
	return cases.DefaultTimeout
}

func (x *execution) execute() Outcome {
	c := x.job.Run.Case
	d, release, err := x.workdir()
	if err != nil {
		return notPrepared(err)
	}
	defer release()
	// A case that did not come through the loader (or a reader that fell
	// behind) still never reaches testscript with a line it would refuse
	// or panic on ([short]): the run stops at the line, as check would.
	parsed, errs := c.Parsed()
	if len(errs) > 0 {
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, fmt.Sprintf("FAIL: %s:%d: %s", c.File, e.Line, e.Msg))
		}
		return Outcome{Log: strings.Join(msgs, "\n")}
	}
	archive, cmds := x.script(parsed)
	x.confined = x.job.Sandbox != nil && !quietScript(parsed, archive.Files)
	if err := d.writeScript(txtar.Format(archive)); err != nil {
		return notPrepared(err)
	}
	t, left, late := x.runScript(d, cmds)
	out := x.outcome(t, left, late)
	log := t.log.String()
	log = showExec(strings.ReplaceAll(log, d.script, c.File))
	out.Log = strings.TrimSpace(log)
	if x.job.KeepWork {
		out.Work = d.work
	}
	return out
}

// script is the archive testscript runs, the case's script (as the loader
// parsed it) with what the run adds to it (the implicit `python FILE`, the
// sandbox's wrapping), and the commands it may call beyond testscript's
// own.
func (x *execution) script(script *scriptlang.Script) (*txtar.Archive, map[string]func(*testscript.TestScript, bool, []string)) {
	c := x.job.Run.Case
	text := withNotExec(c.Script, script, c.ScriptLine)
	if x.job.Sandbox != nil {
		text = withSandboxExec(text, script, c.ScriptLine)
	}
	archive := &txtar.Archive{Comment: []byte(text), Files: c.Files}
	if implicit := c.ImplicitScript(); implicit != "" {
		archive.Comment = append(archive.Comment, implicit...)
	}
	cmds := map[string]func(*testscript.TestScript, bool, []string){
		"python":    x.python,
		"pip":       x.pip,
		"build-ext": x.buildExt,
		"filecheck": x.fileCheck,
		notExec:     x.notExec,
	}
	if x.job.Sandbox != nil {
		cmds[sandboxExec], cmds[sandboxWait] = x.sandboxedExec, x.sandboxedWait
	}
	return archive, cmds
}

// runScript runs the script written in d under a watch for the processes
// it starts, and returns what testscript said with the processes that were
// left running at its end and those killed for outliving the timeout.
func (x *execution) runScript(d *workdir, cmds map[string]func(*testscript.TestScript, bool, []string)) (t *scriptT, left, late []process) {
	t = &scriptT{verbose: x.job.Verbose}
	p := testscript.Params{
		Files:       []string{d.script},
		WorkdirRoot: d.slot, // testscript makes $WORK here, named after the script
		Setup:       x.setup,
		Cmds:        cmds,
		Condition:   x.condition,
	}
	if sb := x.job.Sandbox; sb != nil && x.confined {
		// $WORK is made here, so that the confined script needs no write
		// in its slot: testscript's MkdirAll of it is then a no-op.
		if err := os.MkdirAll(d.work, 0o777); err != nil {
			t.Log("FAIL: " + err.Error())
			t.failed = true
			return t, nil, nil
		}
		t.confine = sb.policy(d.work)
		p.Cmds = maps.Clone(cmds)
		buildExt := cmds["build-ext"]
		p.Cmds["build-ext"] = func(ts *testscript.TestScript, neg bool, args []string) {
			offThread(func() { buildExt(ts, neg, args) })
		}
		p.Condition = func(cond string) (ok bool, err error) {
			offThread(func() { ok, err = x.condition(cond) })
			return ok, err
		}
	}
	// A python command handles its own timeout, stacks first; the watch
	// only takes what outlives that by a margin: exec commands, escapees;
	// and a detached tree, never an interpreter, past the timeout itself.
	x.marker = newRunMarker()
	watch := watchRun(x.ctx, x.marker, x.timeout()+stacksGrace+time.Second, x.timeout())
	done := make(chan struct{})
	go func() {
		defer close(done)
		testscript.RunT(t, p)
	}()
	<-done
	x.stopBackground()
	left, late = watch.stop(x.job.Sandbox == nil)
	x.mu.Lock()
	left = append(left, x.sandboxLeft...)
	x.mu.Unlock()
	return t, left, late
}

// outcome is what the run showed: testscript's pass, fail or skip, the
// python runs, and what the processes left running or killed late say.
func (x *execution) outcome(t *scriptT, left, late []process) Outcome {
	out := Outcome{
		Passed:      !t.failed && !t.skipped,
		Pythons:     x.pythons,
		TimedOut:    x.timedOut,
		Unsupported: x.unsupported,
	}
	if t.skipped && !t.failed && out.Unsupported == "" {
		// A script's skip says the case does not apply here, as lit's
		// UNSUPPORTED does; it is neither a pass nor a failure.
		out.Unsupported = "skip"
		if t.skipMsg != "" {
			out.Unsupported += ": " + t.skipMsg
		}
	}
	if out.Passed && out.Unsupported == "" && x.unjudged != "" {
		out.Unsupported = x.unjudged
	}
	if x.hostProblem != "" {
		// Whatever the script made of the failed start (a failure, an
		// expected one, a lacking compiler), it judged nothing.
		out.Passed, out.Unsupported, out.Unresolved = false, "", x.hostProblem
		fmt.Fprintf(&t.log, "UNRESOLVED: %s\n", out.Unresolved)
	}
	if out.Passed && len(x.pythons) == 0 {
		out.Unresolved = "no python command ran: nothing judged the variant's exit"
		fmt.Fprintf(&t.log, "UNRESOLVED: %s\n", out.Unresolved)
	}
	if len(late) > 0 {
		out.Passed, out.TimedOut = false, true
		fmt.Fprintf(&t.log, "FAIL: timed out after %s; killed %s\n", x.timeout(), processNames(late))
	}
	if len(left) > 0 && x.ctx.Err() == nil {
		w := leftRunning(left)
		if verdict.StrictClean(x.job.Run.Variant, x.job.Strict) {
			out.Passed = false
			fmt.Fprintf(&t.log, "FAIL: %s (clean: strict)\n", w)
		} else {
			out.Warnings = append(out.Warnings, w)
		}
	}
	return out
}

// workdir is the folder the run writes its script to, with $WORK beside
// it, and the function that hands it back once the run is over. Kept work
// (--keep-work) is a folder of its own, named after the case, that
// nothing removes; otherwise the job's Workdirs lends one, or without
// them one is made and removed for this run alone.
func (x *execution) workdir() (*workdir, func(), error) {
	if x.job.KeepWork || x.job.Workdirs == nil {
		slot, err := os.MkdirTemp(x.job.workRoot, "cleanexit-")
		if err != nil {
			return nil, nil, err
		}
		d := newWorkdir(slot, x.job.Run.Case.Name)
		if x.job.KeepWork {
			return d, func() {}, nil
		}
		return d, func() { os.RemoveAll(slot) }, nil
	}
	d, err := x.job.Workdirs.lend()
	if err != nil {
		return nil, nil, err
	}
	return d, func() { x.job.Workdirs.giveBack(d) }, nil
}

// setup gives the script its controlled environment.
func (x *execution) setup(e *testscript.Env) error {
	v := x.job.Run.Variant
	set := func(k, val string) { e.Setenv(k, val) }
	if x.job.BinDir != "" {
		set("PATH", x.job.BinDir+string(os.PathListSeparator)+e.Getenv("PATH"))
	}
	if x.job.EnvDir != "" {
		set("VIRTUAL_ENV", x.job.EnvDir)
	}
	// Languages and terminals: keep the caller's locale so that output
	// encodings match what a user sees, nothing else.
	for _, k := range []string{"LANG", "LC_ALL", "SYSTEMROOT", "CC", "CXX"} {
		if val := os.Getenv(k); val != "" && e.Getenv(k) == "" {
			set(k, val)
		}
	}
	keys := make([]string, 0, len(v.Env))
	for k := range v.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		set(k, v.Env[k])
	}
	set(runMarkerVar, x.marker)
	for _, kv := range e.Vars {
		if k, _, ok := strings.Cut(kv, "="); ok {
			x.envKeys = append(x.envKeys, k)
		}
	}
	x.envKeys = append(x.envKeys, x.job.Run.Case.EnvNames()...)
	return nil
}

// environ is the script's current environment, for the processes our
// commands start: every variable setup made or the script sets.
func (x *execution) environ(ts *testscript.TestScript) []string {
	seen := map[string]bool{}
	var env []string
	for _, k := range x.envKeys {
		if seen[k] {
			continue
		}
		seen[k] = true
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

func (x *execution) condition(cond string) (bool, error) {
	if x.job.Features == nil {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	if problem := scriptlang.ConditionProblem(cond); problem != "" {
		return false, fmt.Errorf("%s", problem)
	}
	return x.job.Features.Has(x.job.Run.Interp, cond), nil
}
