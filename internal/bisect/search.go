package bisect

import (
	"context"
	"fmt"
)

// A Finding is where a search ended.
type Finding struct {
	// firstBad and lastGood are the revisions on either side of the
	// change. When skipped revisions sit between them, firstBad is the
	// earliest that is known bad and candidates lists every revision that
	// could be the first bad one.
	firstBad   string
	lastGood   string
	subject    string   // firstBad's commit subject; "" for a version
	candidates []string // in order; just firstBad when the search was decisive
	skipped    []string // revisions that could not be judged, in order
	steps      []Step   // every step, the two ends first
	// fixed is a search over releases newest first, from a good end newer
	// than the bad: lastGood is then the first fixed release, firstBad the
	// last bad one.
	fixed bool
}

// decisive reports whether the search narrowed the change to one revision.
func (f Finding) decisive() bool { return len(f.candidates) == 1 }

// An endError is a range whose ends do not bracket a regression: the good
// end already fails, or the bad end passes. No search is made.
type endError struct {
	End  string // "good" or "bad"
	Rev  string
	Step Step
}

func (e *endError) Error() string {
	switch {
	case e.End == "good" && e.Step.Verdict == Bad:
		return fmt.Sprintf("the good end %s is already bad (%s): nothing to bisect; pick an older --good", e.Rev, describeStep(e.Step))
	case e.End == "bad" && e.Step.Verdict == Good:
		return fmt.Sprintf("the bad end %s passes: nothing to bisect; pick a newer --bad, or check the case reproduces the crash (--repeat for one that does not always happen)", e.Rev)
	default:
		return fmt.Sprintf("the %s end %s cannot be judged (%s): bisect needs both ends to run", e.End, e.Rev, describeStep(e.Step))
	}
}

func describeStep(s Step) string {
	switch {
	case s.Reason != "":
		return s.Reason
	case s.Actual != "":
		return s.Actual
	}
	return string(s.Status)
}

// search binary-searches revs, ordered oldest first, whose first element is
// the good end and whose last is the bad end. judge is called once per
// revision tried, the two ends first; report, when not nil, sees each step
// as it is made. Skipped revisions are stepped around as `git bisect skip`
// does: the next try is the untried revision nearest the middle.
func search(ctx context.Context, revs []string, judge func(rev string) Step, report func(Step)) (Finding, error) {
	var f Finding
	if len(revs) < 2 {
		return f, fmt.Errorf("bisect needs a good and a bad end, got %d revisions", len(revs))
	}
	try := func(i int) Step {
		s := judge(revs[i])
		f.steps = append(f.steps, s)
		if report != nil {
			report(s)
		}
		return s
	}
	lo, hi := 0, len(revs)-1
	if s := try(lo); s.Verdict != Good {
		return f, &endError{End: "good", Rev: revs[lo], Step: s}
	}
	if s := try(hi); s.Verdict != Bad {
		return f, &endError{End: "bad", Rev: revs[hi], Step: s}
	}
	skipped := map[int]bool{}
	for ctx.Err() == nil {
		m, ok := nextTry(lo, hi, skipped)
		if !ok {
			break
		}
		switch try(m).Verdict {
		case Good:
			lo = m
		case Bad:
			hi = m
		default:
			skipped[m] = true
		}
	}
	if err := ctx.Err(); err != nil {
		return f, err
	}
	f.lastGood, f.firstBad = revs[lo], revs[hi]
	for i := lo + 1; i <= hi; i++ {
		f.candidates = append(f.candidates, revs[i])
	}
	for i := range revs {
		if skipped[i] {
			f.skipped = append(f.skipped, revs[i])
		}
	}
	return f, nil
}

// nextTry is the untried, unskipped index strictly between lo and hi that
// is nearest the middle, preferring the lower on a tie.
func nextTry(lo, hi int, skipped map[int]bool) (int, bool) {
	mid := lo + (hi-lo)/2
	for d := 0; mid-d > lo || mid+d < hi; d++ {
		if i := mid - d; i > lo && !skipped[i] {
			return i, true
		}
		if i := mid + d; i > lo && i < hi && !skipped[i] {
			return i, true
		}
	}
	return 0, false
}
