package bisect

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/pep508"
	"github.com/cleanexit/cleanexit/runner/result"
)

// An Executor runs one planned run to its result, as runner.Session does.
// It is all a bisection needs of a session, so that bisect, a stage after
// the runner, does not import it.
type Executor interface {
	Execute(ctx context.Context, r *plan.Run) result.Result
}

// A Target is the one run a bisection repeats with the package moved: one
// case, its clean variant, on one interpreter.
type Target struct {
	executor Executor
	run      *plan.Run      // the run with the clean expectation
	badName  string         // the known-bad variant whose failure means bad; "" means any crash
	bad      *cases.Variant // its expectation (exit, stderr); nil means any crash
	pkg      string         // the package that moves, as the user wrote it
	repeat   int            // runs per step; one failure is enough to call it bad
}

// TargetOptions choose the run a bisection repeats.
type TargetOptions struct {
	Variant string // the clean variant; default "default"
	Python  string // "3.12", "3.12.1", or the run ID's interpreter part; "" when only one matches
	Package string
	Repeat  int
}

// NewTarget picks the run to repeat from the plan (cs, runs) of exactly
// one case, to be executed by x. Errors say what to change: the variant is
// not clean, no or several interpreters match, the run is UNSUPPORTED here.
func NewTarget(x Executor, cs []*cases.Case, runs []*plan.Run, opt TargetOptions) (*Target, error) {
	if len(cs) != 1 {
		return nil, fmt.Errorf("bisect needs exactly one case, got %d", len(cs))
	}
	c := cs[0]
	name := opt.Variant
	if name == "" {
		name = "default"
	}
	v := c.Variant(name)
	if v == nil {
		return nil, fmt.Errorf("%s has no variant %q (it has %s)", c.File, name, c.VariantNames())
	}
	if v.KnownBad(c) {
		return nil, fmt.Errorf("%s: variant %q expects exit %s; bisect runs a variant that expects a clean exit (--variant)", c.File, name, v.Exit)
	}
	if opt.Package == "" {
		return nil, fmt.Errorf("--package: name the package to move")
	}
	r, err := plan.Pick(runs, c, v, opt.Python)
	if err != nil {
		return nil, err
	}
	t := &Target{executor: x, run: r, pkg: opt.Package, repeat: max(opt.Repeat, 1)}
	if t.bad = c.BadVariant(); t.bad != nil {
		t.badName = t.bad.Name
	}
	return t, nil
}

// judge runs the case once per repeat with requirement in place of the
// package's pin (see replacePin; samePath names a local source tree that
// the requirement also replaces) and says what the step showed.
//
// A failing run is judged a second time against the known-bad variant's
// expectation, with retries, so that a crash which does not happen on every
// run is still recognised as the declared one.
func (t *Target) judge(ctx context.Context, rev, requirement, samePath string) (step Step) {
	start := time.Now()
	step = Step{Rev: rev}
	defer func() { step.Duration = time.Since(start) }()

	clean := t.variantRun(requirement, samePath, nil)
	res := t.executor.Execute(ctx, clean)
	step.Status, step.Actual, step.Signal, step.Sig = res.Status, res.Actual, res.Signal, res.Signature
	switch res.Status {
	case result.Pass, result.FlakyPass:
		step.Verdict = Good
		return step
	case result.Fail, result.Timeout:
		// A hang is judged against the known-bad variant too: it may
		// declare one (exit: timeout).
	case result.Unresolved:
		step.Verdict, step.Reason = Skip, "no environment: "+firstLine(res.Reason)
		return step
	default:
		step.Verdict, step.Reason = Skip, strings.ToLower(string(res.Status))+": "+firstLine(res.Reason)
		return step
	}
	step.Reason = firstLine(res.Reason)
	bad := t.variantRun(requirement, samePath, t.badExpectation())
	bres := t.executor.Execute(ctx, bad)
	switch bres.Status {
	case result.Pass, result.FlakyPass:
		step.Verdict = Bad
		if bres.Actual != "" {
			step.Actual, step.Signal, step.Sig = bres.Actual, bres.Signal, bres.Signature
		}
	default:
		step.Verdict = Skip
		step.Reason = fmt.Sprintf("fails, but not as %s declares: %s", t.badLabel(), step.Reason)
	}
	return step
}

func (t *Target) badLabel() string {
	if t.bad == nil {
		return "a crash (no known-bad variant)"
	}
	return "variant " + t.badName
}

// badExpectation is the clean variant with the known-bad variant's exit
// and stderr expectations: the same script, the same environment, so only
// the way the process ends is judged.
func (t *Target) badExpectation() *cases.Variant {
	v := *t.run.Variant
	if t.bad == nil {
		v.Exit, v.Stderr = exitstatus.Expect{Crash: true}, nil
	} else {
		v.Exit, v.Stderr = t.bad.Exit, t.bad.Stderr
	}
	// One run that crashes the declared way is enough: up to Repeat+1 tries.
	v.Repeat, v.Retries = 1, t.repeat
	return &v
}

// variantRun is the target run with the package moved to requirement, and
// expectation in place of the clean variant when it is not nil.
func (t *Target) variantRun(requirement, samePath string, expectation *cases.Variant) *plan.Run {
	r := *t.run
	var v cases.Variant
	if expectation != nil {
		v = *expectation
	} else {
		v = *t.run.Variant
		v.Repeat, v.Retries = t.repeat, 0
	}
	r.Variant = &v
	r.XFail = ""
	r.Packages = replacePin(t.run.Packages, t.pkg, requirement, samePath)
	r.ID = t.run.ID
	return &r
}

// versionPin is the requirement that installs version v of the package,
// with the extras the case asks for: `jax[cuda12]==0.4.30`.
func (t *Target) versionPin(v string) string {
	want := pep508.Normalize(t.pkg)
	for _, p := range t.run.Variant.Packages {
		if p.Name != "" && pep508.Normalize(p.Name) == want && p.URL == "" {
			return pep508.Requirement{Name: p.Name, Extras: p.Extras, Specifier: "==" + v}.String()
		}
	}
	return t.pkg + "==" + v
}

// regressedPackages are the clean variant's packages as case.yaml spells
// them, with the package pinned to requirement: the `regressed` variant a
// finding becomes. A local path to samePath (the bisected repository) is
// replaced too.
func (t *Target) regressedPackages(requirement, samePath string) []string {
	want := pep508.Normalize(t.pkg)
	var out []string
	replaced := false
	for _, p := range t.run.Variant.Packages {
		if p.Name != "" && pep508.Normalize(p.Name) == want || p.Path != "" && samePath != "" && t.resolve(p.Path) == filepath.Clean(samePath) {
			if !replaced {
				out = append(out, requirement)
			}
			replaced = true
			continue
		}
		out = append(out, p.String())
	}
	if !replaced {
		out = append(out, requirement)
	}
	return out
}

// resolve makes a case's local path absolute, as the plan does.
func (t *Target) resolve(path string) string {
	if filepath.IsAbs(path) || t.run.Case == nil {
		return filepath.Clean(path)
	}
	return filepath.Join(t.run.Case.Dir, filepath.FromSlash(path))
}

// regressedExit is the exit a new `regressed` variant expects: the known-bad
// variant's, else the signal the first bad step died of, else any crash.
func (t *Target) regressedExit(firstBad Step) string {
	switch {
	case t.bad != nil:
		return t.bad.Exit.String()
	case firstBad.Signal != "":
		return firstBad.Signal
	}
	return "crash"
}
