package bisect

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/exitstatus"
	"github.com/cleanexit/cleanexit/runner/pep508"
	"github.com/cleanexit/cleanexit/runner/plan"
	"github.com/cleanexit/cleanexit/runner/result"
)

// A Target is the one run a bisection repeats with the package moved: one
// case, its clean variant, on one interpreter.
type Target struct {
	Session *runner.Session
	Run     *plan.Run      // the run with the clean expectation
	BadName string         // the known-bad variant whose failure means bad; "" means any crash
	Bad     *cases.Variant // its expectation (exit, stderr); nil means any crash
	Package string         // the package that moves, as the user wrote it
	Repeat  int            // runs per step; one failure is enough to call it bad
}

// TargetOptions choose the run a bisection repeats.
type TargetOptions struct {
	Variant string // the clean variant; default "default"
	Python  string // "3.12", "3.12.1", or the run ID's interpreter part; "" when only one matches
	Package string
	Repeat  int
}

// NewTarget picks the run to repeat from a session that loaded exactly one
// case. Errors say what to change: the variant is not clean, no or several
// interpreters match, the run is UNSUPPORTED here.
func NewTarget(s *runner.Session, opt TargetOptions) (*Target, error) {
	if len(s.Cases) != 1 {
		return nil, fmt.Errorf("bisect needs exactly one case, got %d", len(s.Cases))
	}
	c := s.Cases[0]
	name := opt.Variant
	if name == "" {
		name = "default"
	}
	v := c.Variant(name)
	if v == nil {
		return nil, fmt.Errorf("%s has no variant %q (it has %s)", c.File, name, variantNames(c))
	}
	if v.KnownBad(c) {
		return nil, fmt.Errorf("%s: variant %q expects exit %s; bisect runs a variant that expects a clean exit (--variant)", c.File, name, v.Exit)
	}
	if opt.Package == "" {
		return nil, fmt.Errorf("--package: name the package to move")
	}
	var runs []*plan.Run
	for _, r := range s.Runs {
		if r.Variant != v {
			continue
		}
		if opt.Python != "" && !r.OnPython(opt.Python) {
			continue
		}
		runs = append(runs, r)
	}
	switch {
	case len(runs) == 0 && opt.Python != "":
		return nil, fmt.Errorf("%s/%s: no run on python %s here (runs: %s)", c.ID(), name, opt.Python, runLabels(s.Runs, v))
	case len(runs) == 0:
		return nil, fmt.Errorf("%s/%s: no run here (check --filter)", c.ID(), name)
	case len(runs) > 1:
		return nil, fmt.Errorf("%s/%s runs on several interpreters here (%s): pick one with --python", c.ID(), name, runLabels(runs, v))
	}
	r := runs[0]
	if r.Skipped() {
		return nil, fmt.Errorf("%s is UNSUPPORTED here: %s", r.ID, r.Unsupported)
	}
	t := &Target{Session: s, Run: r, Package: opt.Package, Repeat: max(opt.Repeat, 1)}
	t.BadName, t.Bad = knownBad(c)
	return t, nil
}

// knownBad is the variant whose failure a bad step must show: the one named
// "regressed" when it exists, else the first known-bad variant.
func knownBad(c *cases.Case) (string, *cases.Variant) {
	if v := c.Variant("regressed"); v != nil && v.KnownBad(c) {
		return v.Name, v
	}
	for _, v := range c.Variants {
		if v.KnownBad(c) {
			return v.Name, v
		}
	}
	return "", nil
}

func variantNames(c *cases.Case) string {
	var names []string
	for _, v := range c.Variants {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}

func runLabels(runs []*plan.Run, v *cases.Variant) string {
	var labels []string
	for _, r := range runs {
		if r.Variant == v {
			labels = append(labels, r.Python)
		}
	}
	if len(labels) == 0 {
		return "none"
	}
	return strings.Join(labels, ", ")
}

// Judge runs the case once per repeat with requirement in place of the
// package's pin (see ReplacePin; samePath names a local source tree that
// the requirement also replaces) and says what the step showed.
//
// A failing run is judged a second time against the known-bad variant's
// expectation, with retries, so that a crash which does not happen on every
// run is still recognised as the declared one.
func (t *Target) Judge(ctx context.Context, rev, requirement, samePath string) (step Step) {
	start := time.Now()
	step = Step{Rev: rev}
	defer func() { step.Duration = time.Since(start) }()

	clean := t.variantRun(requirement, samePath, nil)
	res := t.Session.Execute(ctx, clean)
	step.Status, step.Actual, step.Signal, step.Sig = res.Status, res.Actual, res.Signal, res.Signature
	switch res.Status {
	case result.Pass, result.FlakyPass:
		step.Verdict = Good
		return step
	case result.Fail:
	case result.Unresolved:
		step.Verdict, step.Reason = Skip, "no environment: "+firstLine(res.Reason)
		return step
	default:
		step.Verdict, step.Reason = Skip, strings.ToLower(string(res.Status))+": "+firstLine(res.Reason)
		return step
	}
	step.Reason = firstLine(res.Reason)
	bad := t.variantRun(requirement, samePath, t.badExpectation())
	bres := t.Session.Execute(ctx, bad)
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
	if t.Bad == nil {
		return "a crash (no known-bad variant)"
	}
	return "variant " + t.BadName
}

// badExpectation is the clean variant with the known-bad variant's exit
// and stderr expectations: the same script, the same environment, so only
// the way the process ends is judged.
func (t *Target) badExpectation() *cases.Variant {
	v := *t.Run.Variant
	if t.Bad == nil {
		v.Exit, v.Stderr = exitstatus.Expect{Crash: true}, nil
	} else {
		v.Exit, v.Stderr = t.Bad.Exit, t.Bad.Stderr
	}
	// One run that crashes the declared way is enough: up to Repeat+1 tries.
	v.Repeat, v.Retries = 1, t.Repeat
	return &v
}

// variantRun is the target run with the package moved to requirement, and
// expectation in place of the clean variant when it is not nil.
func (t *Target) variantRun(requirement, samePath string, expectation *cases.Variant) *plan.Run {
	r := *t.Run
	var v cases.Variant
	if expectation != nil {
		v = *expectation
	} else {
		v = *t.Run.Variant
		v.Repeat, v.Retries = t.Repeat, 0
	}
	r.Variant = &v
	r.XFail = ""
	r.Packages = ReplacePin(t.Run.Packages, t.Package, requirement, samePath)
	r.ID = t.Run.ID
	return &r
}

// VersionPin is the requirement that installs version v of the package,
// with the extras the case asks for: `jax[cuda12]==0.4.30`.
func (t *Target) VersionPin(v string) string {
	want := pep508.Normalize(t.Package)
	for _, p := range t.Run.Variant.Packages {
		if p.Name != "" && pep508.Normalize(p.Name) == want && p.URL == "" {
			return pep508.Requirement{Name: p.Name, Extras: p.Extras, Specifier: "==" + v}.String()
		}
	}
	return t.Package + "==" + v
}

// RegressedPackages are the clean variant's packages as case.yaml spells
// them, with the package pinned to requirement: the `regressed` variant a
// finding becomes. A local path to samePath (the bisected repository) is
// replaced too.
func (t *Target) RegressedPackages(requirement, samePath string) []string {
	want := pep508.Normalize(t.Package)
	var out []string
	replaced := false
	for _, p := range t.Run.Variant.Packages {
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
	if filepath.IsAbs(path) || t.Run.Case == nil {
		return filepath.Clean(path)
	}
	return filepath.Join(t.Run.Case.Dir, filepath.FromSlash(path))
}

// RegressedExit is the exit a new `regressed` variant expects: the known-bad
// variant's, else the signal the first bad step died of, else any crash.
func (t *Target) RegressedExit(firstBad Step) string {
	switch {
	case t.Bad != nil:
		return t.Bad.Exit.String()
	case firstBad.Signal != "":
		return firstBad.Signal
	}
	return "crash"
}
