package verdict

import (
	"reflect"
	"testing"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/result"
)

func TestProve(t *testing.T) {
	good := &cases.Variant{Name: "default"}
	bad := &cases.Variant{Name: "buggy", Exit: exitstatus.Expect{Signals: []string{"SIGSEGV"}}}
	hang := &cases.Variant{Name: "hang", XFail: []cases.Condition{{Text: "*"}}}
	named := &cases.Variant{Name: "old"}
	both := &cases.Case{Variants: []*cases.Variant{good, bad}}
	run := func(id string, st result.Status) result.Result {
		return result.Result{ID: id, Status: st, Reason: "why"}
	}
	tests := []struct {
		name      string
		c         *cases.Case
		bad, good []result.Result
		want      Proof
		why       []string
	}{
		{name: "both sides as declared", c: both,
			bad:  []result.Result{run("b", result.Pass)},
			good: []result.Result{run("g", result.Pass)}, want: Discriminates},
		{name: "flaky and xfail'd runs met their declaration", c: both,
			bad:  []result.Result{run("b", result.XFail), run("b2", result.FlakyPass)},
			good: []result.Result{run("g", result.FlakyPass), run("g2", result.Unsupported)}, want: Discriminates},
		{name: "bad side stopped crashing", c: both,
			bad:  []result.Result{run("b", result.Fail)},
			good: []result.Result{run("g", result.Pass)}, want: NotDiscriminates,
			why: []string{"b no longer fails as declared: FAIL why"}},
		{name: "bad side XPASS", c: both,
			bad:  []result.Result{run("b", result.XPass)},
			good: []result.Result{run("g", result.Pass)}, want: NotDiscriminates,
			why: []string{"b no longer fails as declared: XPASS why"}},
		{name: "good side fails", c: both,
			bad:  []result.Result{run("b", result.Pass)},
			good: []result.Result{run("g", result.Fail)}, want: GoodFails,
			why: []string{"g should pass: FAIL why"}},
		{name: "good side times out", c: both,
			bad:  []result.Result{run("b", result.Pass)},
			good: []result.Result{run("g", result.Timeout)}, want: GoodFails,
			why: []string{"g should pass: TIMEOUT why"}},
		{name: "both sides broken: the bad side is louder", c: both,
			bad:  []result.Result{run("b", result.Unresolved)},
			good: []result.Result{run("g", result.Fail)}, want: NotDiscriminates,
			why: []string{"b no longer fails as declared: UNRESOLVED why", "g should pass: FAIL why"}},
		{name: "an unsupported run hides no failure after it", c: both,
			bad:  []result.Result{run("b", result.Unsupported), run("b2", result.Fail)},
			good: []result.Result{run("g", result.Unsupported), run("g2", result.Fail)}, want: NotDiscriminates,
			why: []string{"b2 no longer fails as declared: FAIL why", "g2 should pass: FAIL why"}},
		{name: "bad side cannot run here", c: both,
			bad:  []result.Result{run("b", result.Unsupported)},
			good: []result.Result{run("g", result.Pass)}, want: NotProvenHere,
			why: []string{"no known-bad variant can run here"}},
		{name: "good side cannot run here", c: both,
			bad:  []result.Result{run("b", result.Pass)},
			good: []result.Result{run("g", result.Unsupported)}, want: NotProvenHere,
			why: []string{"no good variant can run here"}},
		{name: "good side not asked for", c: both,
			bad: []result.Result{run("b", result.Pass)}, want: NotProvenHere,
			why: []string{"no good variant can run here"}},
		{name: "a failing good side fails even when the bad side cannot run", c: both,
			bad:  []result.Result{run("b", result.Unsupported)},
			good: []result.Result{run("g", result.Fail)}, want: GoodFails,
			why: []string{"g should pass: FAIL why"}},
		{name: "no known-bad variant", c: &cases.Case{Variants: []*cases.Variant{good}},
			good: []result.Result{run("g", result.Pass)}, want: NoKnownBad,
			why: []string{"no variant declares the bug (an exit other than 0, or known-bad:)"}},
		{name: "no good variant", c: &cases.Case{Variants: []*cases.Variant{bad}},
			bad: []result.Result{run("b", result.Pass)}, want: NoGood,
			why: []string{"every variant expects a non-clean end; there is no fixed form to compare against"}},
		{name: "xfail * makes a variant known-bad", c: &cases.Case{Variants: []*cases.Variant{good, hang}},
			bad:  []result.Result{run("h", result.XFail)},
			good: []result.Result{run("g", result.Pass)}, want: Discriminates},
		{name: "known-bad by name", c: &cases.Case{KnownBad: []string{"old"}, Variants: []*cases.Variant{good, named}},
			bad:  []result.Result{run("o", result.Pass)},
			good: []result.Result{run("g", result.Pass)}, want: Discriminates},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, why := Prove(tt.c, tt.bad, tt.good)
			if got != tt.want || !reflect.DeepEqual(why, tt.why) {
				t.Errorf("Prove = %s %q, want %s %q", got, why, tt.want, tt.why)
			}
		})
	}
}

func TestProofFailedAndLoudness(t *testing.T) {
	order := []Proof{NotDiscriminates, GoodFails, NoKnownBad, NotProvenHere, Discriminates}
	for i := 1; i < len(order); i++ {
		if order[i-1].Loudness() <= order[i].Loudness() {
			t.Errorf("%s is not louder than %s", order[i-1], order[i])
		}
	}
	if NoGood.Loudness() != NoKnownBad.Loudness() {
		t.Errorf("NO-GOOD-VARIANT and NO-KNOWN-BAD are not equally loud")
	}
	for _, p := range []Proof{Discriminates, NotDiscriminates, GoodFails, NoKnownBad, NoGood, NotProvenHere} {
		want := p == NotDiscriminates || p == GoodFails
		if p.Failed() != want {
			t.Errorf("%s.Failed() = %v, want %v", p, p.Failed(), want)
		}
	}
}
