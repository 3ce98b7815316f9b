package runner

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/envs"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/internal/script"
	"github.com/cleanexit/cleanexit/internal/verdict"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/cleanexit/cleanexit/toolchains"
)

// Execute runs one planned run to its result. The stages report facts;
// verdict.Run alone decides the status.
func (s *Session) Execute(ctx context.Context, r *plan.Run) (res result.Result) {
	start := time.Now()
	res = resultOf(r)
	var facts verdict.RunFacts
	defer func() {
		res.Status, res.Reason = verdict.Run(facts)
		res.Duration = time.Since(start)
	}()
	if r.Skipped() {
		facts.Skipped = r.Unsupported
		return res
	}
	s.untouched.begin(r.ID)
	defer s.untouched.drop(r.ID)
	spec := envSpec(r)
	env := s.ensureEnv(ctx, r, spec, &res, &facts)
	if env == nil {
		return res
	}
	job := s.job(r, env)
	private := usesPip(r)
	if private {
		done, reason := s.givePip(ctx, r, env, spec, &job)
		defer done()
		if reason != "" {
			facts.EnvProblem = reason
			return res
		}
	}
	if s.sandbox != nil {
		sb := *s.sandbox
		sb.Network = requiresNetwork(r, s.features)
		if private {
			// The run's own copy is the one environment it may change.
			sb.Writable = append(slices.Clip(sb.Writable), job.EnvDir)
		}
		job.Sandbox = &sb
	}
	tries, diagnosis := s.attempt(ctx, r, job, &res)
	if !private {
		s.afterRun(ctx, env, &res)
	}
	facts.Tries, facts.XFail, facts.Interrupted, facts.Diagnosis = &tries, r.XFail, ctx.Err() != nil, diagnosis
	wrote, beside := s.untouched.end(r.ID, r.Case.File)
	library, earlier, unchecked := s.libraries.check(r.Interp)
	res.Warnings = append(res.Warnings, unchecked...)
	facts.Wrote, facts.Beside, facts.Earlier = append(wrote, library...), beside, earlier
	return res
}

// ensureEnv makes the run's environment, or finds it in the cache, and
// records it in res; nil when the run cannot go on, facts saying why.
func (s *Session) ensureEnv(ctx context.Context, r *plan.Run, spec envs.Spec, res *result.Result, facts *verdict.RunFacts) *envs.Env {
	var env *envs.Env
	var err error
	if why := s.silent.silent(r); why != "" {
		facts.Network = why
		return nil
	}
	if r.AskIndex {
		var network string
		if env, network, err = s.buildAsking(ctx, r, spec); network != "" {
			facts.Network = network
			return nil
		}
	} else {
		env, err = s.Cache.Ensure(ctx, spec)
	}
	if err != nil {
		var ie *envs.InstallError
		switch {
		case ctx.Err() != nil:
			facts.EnvProblem = "interrupted while making the environment"
		case errors.As(err, &ie) && ie.NeedsNetwork():
			facts.Network = firstLine(ie.Error())
			s.silent.note(ie.Silent(), r.ID)
		case exitstatus.HostTrouble(err) != "":
			facts.EnvProblem = "host trouble (" + exitstatus.HostTrouble(err) + "): " + err.Error()
		default:
			facts.EnvProblem = err.Error()
		}
		return nil
	}
	res.EnvKey, res.EnvBuilt, res.EnvTime, res.Installed = env.Key, env.Built, env.BuildTime, env.Installed
	if env.Rebuilt != "" {
		res.Warnings = append(res.Warnings, fmt.Sprintf("rebuilt environment %s: the cached one was damaged (%s)", env.Key, env.Rebuilt))
	}
	res.Warnings = append(res.Warnings, env.Warnings...)
	return env
}

// job is what script.Execute needs to run r in env under the session's
// settings.
func (s *Session) job(r *plan.Run, env *envs.Env) script.Job {
	return script.Job{
		Run:      r,
		Python:   env.Python,
		BinDir:   env.BinDir,
		EnvDir:   env.Dir,
		Features: s.features,
		Timeout:  s.Timeout,
		Strict:   s.Strict,
		Verbose:  s.Verbose,
		KeepWork: s.KeepWork,
		Workdirs: s.workdirs,

		Backtrace:        cmp.Or(s.Backtrace, r.Backtrace),
		BacktraceTimeout: s.BacktraceTimeout,
		ExtCache:         s.CacheDir.Ext(),
	}
}

// givePip gives the job of a run whose script runs pip an environment of
// its own, a copy of env, and the pip to run in it: pip changes the
// environment it installs into, and the cached one stays as built. done
// gives both back once the run is over; reason says why the run cannot go
// on, or is "".
func (s *Session) givePip(ctx context.Context, r *plan.Run, env *envs.Env, spec envs.Spec, job *script.Job) (done func(), reason string) {
	own, drop, err := s.Cache.PrivateCopy(env)
	if err != nil {
		return func() {}, err.Error()
	}
	pip, pipEnv, release, err := s.Cache.PipCommand(ctx, own, spec)
	if err != nil {
		return drop, "the script runs pip: " + err.Error()
	}
	job.Python, job.BinDir, job.EnvDir = own.Python, own.BinDir, own.Dir
	job.Pip, job.PipEnv = pip, append(pipEnv, pipIndexVars(r.Index)...)
	return func() { release(); drop() }, ""
}

// attempt runs the job as often as repeat and retries ask, describes the
// decisive outcome in res, and returns the tries with the decisive one's
// diagnosis.
func (s *Session) attempt(ctx context.Context, r *plan.Run, job script.Job, res *result.Result) (verdict.Attempts, string) {
	repeat := r.Variant.Repeat
	if s.Repeat > 0 {
		repeat = s.Repeat
	}
	var outs []script.Outcome
	tries := verdict.Attempt(repeat, r.Variant.Retries, r.XFail, func() verdict.Try {
		out := script.Execute(ctx, job)
		outs = append(outs, out)
		return verdict.Try{Passed: out.Passed, TimedOut: out.TimedOut, Unsupported: out.Unsupported != "", Unresolved: out.Unresolved != ""}
	}, func() bool { return ctx.Err() != nil })
	res.Attempts, res.Failures = tries.Made, tries.Failures
	if tries.Decisive >= 0 {
		decisive := outs[tries.Decisive]
		describe(res, decisive, s.Verbose)
		switch {
		case tries.Unsupported:
			res.Reason = decisive.Unsupported
		case tries.Unresolved:
			res.Reason = decisive.Unresolved
		}
	}
	return tries, res.Reason
}

// afterRun checks the shared environment a run used. Any run may have
// written to it (exec pip, a script that plants a .pth): if it did, no
// later run gets that environment.
func (s *Session) afterRun(ctx context.Context, env *envs.Env, res *result.Result) {
	changed, err := s.Cache.AfterRun(context.WithoutCancel(ctx), env)
	if changed != "" {
		res.Warnings = append(res.Warnings, fmt.Sprintf("the run changed its cached environment %s (%s); discarded, the next run that needs it rebuilds it", env.Key, changed))
	}
	if err != nil {
		res.Warnings = append(res.Warnings, err.Error())
	}
}

// describe fills in what the decisive outcome showed.
func describe(res *result.Result, out script.Outcome, verbose bool) {
	res.Work = out.Work
	res.Warnings = append(res.Warnings, out.Warnings...)
	inv := out.LastFailure()
	// The transcript says what the diagnosis cannot: which stdout check
	// failed, which command ran before a crash that left stderr empty. A
	// failure always carries it, clipped so that a run that printed
	// megabytes does not make a report of megabytes.
	if verbose || !out.Passed {
		res.Log = clip(out.Log, logHead, logTail)
	}
	if inv == nil && len(out.Pythons) > 0 {
		inv = &out.Pythons[len(out.Pythons)-1]
	}
	if inv == nil {
		if !out.Passed {
			res.Reason = lastFailLine(out.Log)
		}
		return
	}
	res.Actual = inv.Status.String()
	switch {
	case !inv.Started:
		// Status is the zero one, "exit 0", which no process showed.
		res.Actual = "not started"
	case inv.TimedOut:
		// The abort that dumped its stacks was ours, not the program's.
		res.Actual = "timed out after " + inv.Timeout.String()
	default:
		if inv.Status.Signal != 0 {
			res.Signal = inv.Status.Name
		}
		if sig, ok := diagnose.Primary(inv.Signatures); ok && sig.Fatal {
			res.Signature = sig.String()
		}
	}
	for _, sig := range inv.Signatures {
		if !sig.Fatal {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s (stderr line %d)", sig, sig.Line))
		}
	}
	res.StderrTail = tail(inv.Stderr, 12)
	res.StdoutTail = tail(inv.Stdout, 12)
	res.OutputDropped = dropped(inv)
	res.Traceback = inv.Traceback
	res.Native = inv.Native
	if !out.Passed {
		if inv.OK {
			res.Reason = lastFailLine(out.Log)
		} else {
			res.Reason = diagnosis(inv)
		}
	}
}

// diagnosis is the one line a failure is known by.
func diagnosis(inv *script.Invocation) string {
	if inv.TimedOut {
		return "timed out after " + inv.Timeout.String()
	}
	if inv.Problem != "" {
		return inv.Problem
	}
	s := inv.Status.String()
	if inv.Want != "" {
		s += ", want " + inv.Want
	}
	if sig, ok := diagnose.Primary(inv.Signatures); ok {
		s += " · " + sig.String()
	}
	return s
}

// lastFailLine picks testscript's FAIL line out of a transcript.
func lastFailLine(log string) string {
	lines := strings.Split(log, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "FAIL: ") {
			return strings.TrimPrefix(lines[i], "FAIL: ")
		}
	}
	return "the script failed"
}

// What a result keeps of a script's transcript: its head, where the
// commands begin, and its tail, where the one that failed is.
const (
	logHead = 8 << 10
	logTail = 24 << 10
)

// clip keeps the first head and last tail bytes of s, cut to whole lines,
// and says how much of the middle it dropped.
func clip(s string, head, tail int) string {
	if len(s) <= head+tail {
		return s
	}
	h, t := s[:head], s[len(s)-tail:]
	if i := strings.LastIndexByte(h, '\n'); i >= 0 {
		h = h[:i+1]
	}
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		t = t[i+1:]
	}
	return fmt.Sprintf("%s[cleanexit: %d bytes of the transcript dropped here]\n%s", h, len(s)-len(h)-len(t), t)
}

// dropped says how much of a run's output was not kept, or "".
func dropped(inv *script.Invocation) string {
	var parts []string
	for _, d := range []struct {
		stream string
		n      int64
	}{{"stdout", inv.StdoutDropped}, {"stderr", inv.StderrDropped}} {
		if d.n > 0 {
			parts = append(parts, fmt.Sprintf("%s: %d bytes dropped from the middle", d.stream, d.n))
		}
	}
	return strings.Join(parts, ", ")
}

func tail(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// pipIndexVars gives a script's pip the run's own index settings, so that
// `pip install x` in a case finds what its packages were found in.
func pipIndexVars(ix cases.Index) []string {
	var vars []string
	if ix.NoIndex {
		vars = append(vars, "PIP_NO_INDEX=1")
	}
	if ix.URL != "" {
		vars = append(vars, "PIP_INDEX_URL="+ix.URL)
	}
	if len(ix.Extra) > 0 {
		vars = append(vars, "PIP_EXTRA_INDEX_URL="+strings.Join(ix.Extra, " "))
	}
	if len(ix.FindLinks) > 0 {
		vars = append(vars, "PIP_FIND_LINKS="+strings.Join(ix.FindLinks, " "))
	}
	return vars
}

// usesPip reports whether the run's script has a pip command.
func usesPip(r *plan.Run) bool { return r.Case.Commands().Needs().Pip }

// envSpec is what the run's environment is made of.
func envSpec(r *plan.Run) envs.Spec {
	in := r.Interp
	return envs.Spec{
		Python:        in.RealPath,
		PythonKey:     in.Key(),
		PythonVersion: in.Version,
		PipDir:        in.PipDir,
		Packages:      r.Packages,
		Index: envs.Index{
			URL:       r.Index.URL,
			Extra:     r.Index.Extra,
			FindLinks: r.Index.FindLinks,
			NoIndex:   r.Index.NoIndex,
			Env:       r.Index.Env,
		},
	}
}

// requiresNetwork says whether the run's `requires` needs the network
// feature: a sandbox keeps the network from every other run.
func requiresNetwork(r *plan.Run, f *toolchains.Features) bool {
	has := func(name string) bool { return f.Has(r.Interp, name) }
	for _, cond := range r.Variant.Requires {
		with := cond.Expr.Eval(func(name string) bool { return name == "network" || has(name) })
		without := cond.Expr.Eval(func(name string) bool { return name != "network" && has(name) })
		if with && !without {
			return true
		}
	}
	return false
}
