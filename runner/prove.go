package runner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/result"
)

// A Proof says whether a case discriminates: its known-bad variants fail
// the way they declare, and its good variants pass. A regression case is
// only worth its place if both hold; a bad variant that stopped crashing
// means the case no longer catches the bug.
type Proof struct {
	Case    *cases.Case
	Verdict Verdict
	Bad     []result.Result // runs of known-bad variants
	Good    []result.Result // runs of good variants
	Why     []string        // what broke the proof, one line per run
}

// A Verdict is the outcome of proving a case.
type Verdict string

const (
	Discriminates    Verdict = "DISCRIMINATES"
	NotDiscriminates Verdict = "DOES-NOT-DISCRIMINATE" // a known-bad variant no longer fails as declared
	GoodFails        Verdict = "GOOD-FAILS"            // a good variant fails
	NoKnownBad       Verdict = "NO-KNOWN-BAD"          // nothing to prove: the case declares no known-bad variant
	NoGood           Verdict = "NO-GOOD-VARIANT"       // every variant expects a non-clean end: the case documents a status, it does not compare two versions
	NotProvenHere    Verdict = "NOT-PROVEN-HERE"       // the bad or the good side cannot run on this host
)

// Failed reports whether the verdict fails `cleanexit prove`.
func (v Verdict) Failed() bool { return v == NotDiscriminates || v == GoodFails }

// Prove judges each case from the results of its runs.
func Prove(cs []*cases.Case, results []result.Result) []Proof {
	byCase := map[string][]result.Result{}
	for _, r := range results {
		byCase[r.Project+"/"+r.Case] = append(byCase[r.Project+"/"+r.Case], r)
	}
	var proofs []Proof
	for _, c := range cs {
		p := Proof{Case: c}
		for _, r := range byCase[c.ID()] {
			v := c.Variant(r.Variant)
			if v == nil {
				continue
			}
			if v.KnownBad(c) {
				p.Bad = append(p.Bad, r)
			} else {
				p.Good = append(p.Good, r)
			}
		}
		if len(p.Bad)+len(p.Good) == 0 {
			continue // filtered out: nothing was asked of this case
		}
		p.Verdict, p.Why = judgeProof(c, p.Bad, p.Good)
		proofs = append(proofs, p)
	}
	sort.SliceStable(proofs, func(i, j int) bool { return loudness(proofs[i].Verdict) > loudness(proofs[j].Verdict) })
	return proofs
}

func judgeProof(c *cases.Case, bad, good []result.Result) (Verdict, []string) {
	hasBad := false
	for _, v := range c.Variants {
		if v.KnownBad(c) {
			hasBad = true
		}
	}
	if !hasBad {
		return NoKnownBad, []string{"no variant declares the bug (an exit other than 0, or known-bad:)"}
	}
	hasGood := false
	for _, v := range c.Variants {
		if !v.KnownBad(c) {
			hasGood = true
		}
	}
	if !hasGood {
		return NoGood, []string{"every variant expects a non-clean end; there is no fixed form to compare against"}
	}
	var why []string
	verdict := Discriminates
	ranBad, ranGood := 0, 0
	for _, r := range bad {
		switch r.Status {
		case result.Pass, result.XFail, result.FlakyPass:
			ranBad++
		case result.Unsupported:
		default:
			ranBad++
			verdict = NotDiscriminates
			why = append(why, fmt.Sprintf("%s no longer fails as declared: %s %s", r.ID, r.Status, r.Reason))
		}
	}
	for _, r := range good {
		switch r.Status {
		case result.Pass, result.XFail, result.FlakyPass:
			ranGood++
		case result.Unsupported:
		default:
			ranGood++
			if verdict == Discriminates {
				verdict = GoodFails
			}
			why = append(why, fmt.Sprintf("%s should pass: %s %s", r.ID, r.Status, r.Reason))
		}
	}
	if verdict == Discriminates && (ranBad == 0 || ranGood == 0) {
		side := "known-bad"
		if ranBad > 0 {
			side = "good"
		}
		return NotProvenHere, []string{"no " + side + " variant can run here"}
	}
	return verdict, why
}

func loudness(v Verdict) int {
	switch v {
	case NotDiscriminates:
		return 4
	case GoodFails:
		return 3
	case NoKnownBad, NoGood:
		return 2
	case NotProvenHere:
		return 1
	}
	return 0
}

// Summary reads "buggy: 7/7 fail as declared; default: 7/7 pass".
func (p Proof) Summary() string {
	count := func(rs []result.Result) (ok, ran int, names []string) {
		seen := map[string]bool{}
		for _, r := range rs {
			if r.Status == result.Unsupported {
				continue
			}
			ran++
			if r.Status == result.Pass || r.Status == result.XFail || r.Status == result.FlakyPass {
				ok++
			}
			if !seen[r.Variant] {
				seen[r.Variant] = true
				names = append(names, r.Variant)
			}
		}
		return
	}
	bOK, bRan, bNames := count(p.Bad)
	gOK, gRan, gNames := count(p.Good)
	return fmt.Sprintf("%s: %d/%d fail as declared; %s: %d/%d pass",
		orNone(bNames), bOK, bRan, orNone(gNames), gOK, gRan)
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "(none ran)"
	}
	return strings.Join(names, ", ")
}
