package reduce

import (
	"cmp"
	"context"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/rogpeppe/go-internal/txtar"
)

// An Executor runs one planned run to its result, as runner.Session does.
// It is all a reduction needs of a session, so that reduce, a stage after
// the runner, does not import it. Execute must run r as given, its
// Backtrace included: the target decides per candidate whether a crash is
// rerun under the debugger (a runner.Session opened with no backtrace
// override does).
type Executor interface {
	Execute(ctx context.Context, r *plan.Run) result.Result
}

// A Target is the run a reduction keeps crashing: one case, the variant that
// crashes, on one interpreter; and, when the case has one that passes here,
// the run of its fixed variant, which every candidate must keep passing, so
// that the reduced case still discriminates.
type Target struct {
	Executor Executor
	Run      *plan.Run // the crashing run
	Fixed    *plan.Run // the fixed variant's run on the same interpreter; nil when there is none
	Want     Fingerprint

	// declared: the variant expects the crash (a known-bad variant), so a
	// candidate must pass it, stdout and stderr checks included. Otherwise
	// the variant expects a clean exit and a candidate must fail it.
	declared bool
	// backtrace is the debugger mode of full judgments (TargetOptions'
	// override, else the case's); screening runs without the debugger.
	backtrace  string
	repeat     int
	minCrashes int
	timeout    time.Duration
}

// TargetOptions choose the run to reduce and what counts as the same crash.
type TargetOptions struct {
	Variant    string        // default: the case's known-bad variant ("regressed" first), else "default"
	Python     string        // "3.12", "3.12.1"; "" when only one interpreter matches
	Repeat     int           // runs per candidate; default 1
	MinCrashes int           // of which must crash the same way; default 1
	Timeout    time.Duration // per python run of a candidate; 0: the case's own
	// Backtrace is the debugger mode of full judgments (--backtrace, a
	// forensics mode): "" means the run's own, else crash. Screening runs
	// without the debugger whatever it says.
	Backtrace string
}

// NewTarget picks the run from the plan of exactly one case, runs
// the original to learn its fingerprint, and runs the fixed variant to learn
// whether it passes. An original that does not crash here is an error: there
// is nothing to keep. x executes the runs of the plan (cs, runs) of exactly
// one case. The target chooses per candidate whether the debugger reruns a
// crash (see Screen and Confirm), in opt.Backtrace's mode for full judgments.
func NewTarget(ctx context.Context, x Executor, cs []*cases.Case, runs []*plan.Run, opt TargetOptions) (*Target, error) {
	if len(cs) != 1 {
		return nil, fmt.Errorf("reduce needs exactly one case, got %d", len(cs))
	}
	c := cs[0]
	v, err := crashingVariant(c, opt.Variant)
	if err != nil {
		return nil, err
	}
	r, err := plan.Pick(runs, c, v, opt.Python)
	if err != nil {
		return nil, err
	}
	t := &Target{
		Executor:   x,
		Run:        r,
		declared:   v.KnownBad(c),
		backtrace:  cmp.Or(opt.Backtrace, r.Backtrace, forensics.ModeCrash),
		repeat:     max(opt.Repeat, 1),
		minCrashes: max(opt.MinCrashes, 1),
		timeout:    opt.Timeout,
	}
	if t.minCrashes > t.repeat {
		return nil, fmt.Errorf("--min-crashes %d is more than --repeat %d", t.minCrashes, t.repeat)
	}
	res := x.Execute(ctx, t.candidateRun(r, c.Files, true))
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	fp := fingerprintOf(res)
	switch {
	case t.declared && res.Status != result.Pass:
		return nil, fmt.Errorf("%s does not fail as it declares here, so there is nothing to keep: %s %s", r.ID, res.Status, firstLine(res.Reason))
	case !t.declared && res.Status != result.Fail:
		return nil, fmt.Errorf("%s does not crash here (%s), so there is nothing to keep: name the variant that crashes with --variant", r.ID, res.Status)
	case !fp.Crashed():
		return nil, fmt.Errorf("%s ended %q: reduce keeps a crash or a non-zero exit", r.ID, res.Actual)
	}
	t.Want = fp
	if t.timeout == 0 {
		t.timeout = candidateTimeout(res.Duration, v.Timeout)
	}
	if fixed := fixedVariant(c, v); fixed != nil {
		if fr := runOn(runs, fixed, r); fr != nil && !fr.Skipped() {
			if x.Execute(ctx, t.candidateRun(fr, c.Files, false)).Status == result.Pass {
				t.Fixed = fr
			}
		}
	}
	return t, nil
}

// candidateTimeout bounds each python run of a candidate when --timeout
// does not: ten times the original's run, at least 10s, at most the case's
// own timeout. Removing a join or a release can make a candidate hang, and
// a reduction should not wait the case's full minute for each such one.
func candidateTimeout(original, caseTimeout time.Duration) time.Duration {
	if caseTimeout <= 0 {
		caseTimeout = cases.DefaultTimeout
	}
	return min(max(10*original, 10*time.Second), caseTimeout)
}

// crashingVariant is the variant named, else the one named "regressed" when
// it is known-bad, else the first known-bad one, else "default".
func crashingVariant(c *cases.Case, name string) (*cases.Variant, error) {
	if name != "" {
		v := c.Variant(name)
		if v == nil {
			return nil, fmt.Errorf("%s has no variant %q (it has %s)", c.File, name, c.VariantNames())
		}
		return v, nil
	}
	if v := c.BadVariant(); v != nil {
		return v, nil
	}
	return c.Variant("default"), nil
}

// fixedVariant is the clean variant a candidate must keep passing: "default"
// when the crashing variant is another one and default is clean, else the
// first clean variant; nil when the crashing variant is the only one.
func fixedVariant(c *cases.Case, crashing *cases.Variant) *cases.Variant {
	if !crashing.KnownBad(c) {
		return nil // the variant that crashes is the clean one: no fix known
	}
	return c.GoodVariant()
}

// runOn is variant v's run on the same interpreter as r, or nil.
func runOn(runs []*plan.Run, v *cases.Variant, r *plan.Run) *plan.Run {
	for _, o := range runs {
		if o.Variant == v && o.Interp == r.Interp {
			return o
		}
	}
	return nil
}

// candidateRun is r with the case's files replaced by files, run once with
// no retries (Judge counts repeats itself), never expected to fail; under
// the debugger after a crash only when native is set.
func (t *Target) candidateRun(r *plan.Run, files []txtar.File, native bool) *plan.Run {
	c := *r.Case
	c.Files = files
	v := *r.Variant
	v.Repeat, v.Retries = 1, 0
	if t.timeout > 0 {
		v.Timeout = t.timeout
	}
	cr := *r
	cr.Case, cr.Variant, cr.XFail = &c, &v, ""
	cr.Backtrace = forensics.ModeOff
	if native {
		cr.Backtrace = t.backtrace
	}
	return &cr
}

// A Judgment is what one candidate showed.
type Judgment struct {
	Interesting bool
	Got         Fingerprint // of the last crashing run; zero when none crashed
	Why         string      // why not interesting, in one line
	Runs        int         // python runs of the case it took
}

// Judge runs a candidate in full: interesting when at least minCrashes of
// repeat runs fail the way the original did, phase and culprit included
// where the debugger read them, and, when the case has a fixed variant
// that passed, that variant still passes with the candidate's files. A
// reduction's result is judged so.
func (t *Target) Judge(ctx context.Context, files []txtar.File) Judgment {
	return t.judge(ctx, files, true)
}

// Screen is Judge without the debugger and without the fixed variant: the
// exit status class, the stderr signature and the script's checks, the
// run every candidate pays. Most candidates fail it; the debugger's rerun
// (seconds under gdb) and the fixed variant's run are paid only by the
// few that pass and would become the new smallest state: Confirm.
func (t *Target) Screen(ctx context.Context, files []txtar.File) Judgment {
	return t.judge(ctx, files, false)
}

// Confirm finishes judging a screened candidate: it reruns it under the
// debugger and compares phase and culprit frame (no run when the
// original's stack was not read: there is nothing more to compare), then
// runs the fixed variant, when the case has one, which must still pass.
func (t *Target) Confirm(ctx context.Context, files []txtar.File) Judgment {
	j := t.confirmNative(ctx, files)
	if j.Interesting {
		t.keepsFixedPassing(ctx, files, &j)
	}
	return j
}

// confirmNative is Confirm's rerun under the debugger.
func (t *Target) confirmNative(ctx context.Context, files []txtar.File) Judgment {
	var j Judgment
	if !t.Want.Native.Found() {
		j.Interesting = true
		return j
	}
	for i := 0; i < t.repeat && ctx.Err() == nil; i++ {
		res := t.Executor.Execute(ctx, t.candidateRun(t.Run, files, true))
		j.Runs++
		fp := fingerprintOf(res)
		if ctx.Err() != nil {
			break
		}
		if fp.Crashed() {
			j.Got = fp
		}
		ok := t.declared && res.Status == result.Pass || !t.declared && res.Status == result.Fail
		switch {
		case ok && t.Want.Matches(fp):
			j.Interesting = true
			return j
		case ok && fp.Native.Found():
			// The stack was read and it is another crash: more runs
			// would not make it this one.
			j.Why = "crashed another way: " + fp.String()
			return j
		case !ok:
			j.Why = fmt.Sprintf("%s: %s", res.Status, firstLine(res.Reason))
		default:
			j.Why = "crashed another way: " + fp.String()
		}
	}
	if ctx.Err() != nil {
		j.Why = "interrupted"
	}
	return j
}

// keepsFixedPassing runs the fixed variant with the candidate's files, when
// the case has one, and makes an interesting judgment uninteresting when it
// no longer passes: the reduced case must still discriminate.
func (t *Target) keepsFixedPassing(ctx context.Context, files []txtar.File, j *Judgment) {
	if t.Fixed == nil {
		return
	}
	res := t.Executor.Execute(ctx, t.candidateRun(t.Fixed, files, false))
	j.Runs++
	switch {
	case ctx.Err() != nil:
		j.Interesting, j.Why = false, "interrupted"
	case res.Status != result.Pass:
		j.Interesting, j.Why = false, fmt.Sprintf("the fixed variant %s no longer passes: %s", t.Fixed.Variant.Name, firstLine(res.Reason))
	}
}

func (t *Target) judge(ctx context.Context, files []txtar.File, native bool) Judgment {
	var j Judgment
	crashes := 0
	for i := 0; i < t.repeat && ctx.Err() == nil; i++ {
		if crashes+(t.repeat-i) < t.minCrashes {
			break // cannot reach minCrashes any more
		}
		res := t.Executor.Execute(ctx, t.candidateRun(t.Run, files, native))
		j.Runs++
		if ctx.Err() != nil {
			j.Why = "interrupted"
			return j
		}
		ok := t.declared && res.Status == result.Pass || !t.declared && res.Status == result.Fail
		fp := fingerprintOf(res)
		if fp.Crashed() {
			j.Got = fp
		}
		same := t.Want.Matches(fp)
		if !native {
			same = t.Want.MatchesScreened(fp)
		}
		switch {
		case !ok:
			j.Why = fmt.Sprintf("%s: %s", res.Status, firstLine(res.Reason))
		case !same:
			j.Why = "crashed another way: " + fp.String()
		default:
			crashes++
		}
		if crashes >= t.minCrashes {
			break
		}
	}
	if crashes < t.minCrashes {
		if j.Why == "" {
			j.Why = fmt.Sprintf("crashed the same way in %d of %d runs, want %d", crashes, j.Runs, t.minCrashes)
		}
		return j
	}
	if ctx.Err() != nil {
		j.Why = "interrupted"
		return j
	}
	j.Interesting, j.Why = true, ""
	if native {
		t.keepsFixedPassing(ctx, files, &j)
	}
	return j
}

// DefaultFiles are the files a reduction shrinks when none are named: the
// .py files the script runs, and the C and C++ sources build-ext compiles.
func DefaultFiles(c *cases.Case) []string {
	have := map[string]bool{}
	for _, f := range c.Files {
		have[f.Name] = true
	}
	var out []string
	add := func(n string) {
		n = path.Clean(n)
		if have[n] {
			out = append(out, n)
			have[n] = false
		}
	}
	script := scriptOf(c)
	for _, l := range script.Lines {
		switch l.Name {
		case "python":
			for _, f := range l.Reads() {
				if isPython(f) {
					add(f)
				}
			}
		case "build-ext":
			// The sources come before "--"; the flags after it may come
			// from variables, which Reads would give up on.
			for _, a := range l.Args {
				if a.Text == "--" {
					break
				}
				if !a.Expands && isCSource(a.Text) {
					add(a.Text)
				}
			}
		}
	}
	return out
}

// isCSource reports whether a file is C or C++ by its name.
func isCSource(name string) bool {
	switch path.Ext(name) {
	case ".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx":
		return true
	}
	return false
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
