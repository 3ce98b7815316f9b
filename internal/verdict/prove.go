package verdict

import (
	"fmt"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/result"
)

// A Proof is the outcome of proving a case: does it discriminate?
type Proof string

const (
	Discriminates    Proof = "DISCRIMINATES"
	NotDiscriminates Proof = "DOES-NOT-DISCRIMINATE" // a known-bad variant no longer fails as declared
	GoodFails        Proof = "GOOD-FAILS"            // a good variant fails
	NoKnownBad       Proof = "NO-KNOWN-BAD"          // nothing to prove: the case declares no known-bad variant
	NoGood           Proof = "NO-GOOD-VARIANT"       // every variant expects a non-clean end: the case documents a status, it does not compare two versions
	NotProvenHere    Proof = "NOT-PROVEN-HERE"       // the bad or the good side cannot run on this host
)

// Failed reports whether the proof fails `cleanexit prove`.
func (p Proof) Failed() bool { return p == NotDiscriminates || p == GoodFails }

// Loudness orders proofs for a report: what fails prove first, then what
// proves nothing, then what cannot be proven here, then the discriminating.
func (p Proof) Loudness() int {
	switch p {
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

// Prove judges case c from the results of its known-bad runs (bad) and its
// good runs (good), and says what broke the proof, one line per run. A run
// that could not happen here (UNSUPPORTED) counts for neither side; a
// side with no run that could happen leaves the case NOT-PROVEN-HERE.
func Prove(c *cases.Case, bad, good []result.Result) (Proof, []string) {
	if c.BadVariant() == nil {
		return NoKnownBad, []string{"no variant declares the bug (an exit other than 0, or known-bad:)"}
	}
	if c.GoodVariant() == nil {
		return NoGood, []string{"every variant expects a non-clean end; there is no fixed form to compare against"}
	}
	var why []string
	proof := Discriminates
	ranBad, ranGood := false, false // a run of that side could happen here
	for _, r := range bad {
		if r.Status == result.Unsupported {
			continue
		}
		ranBad = true
		if !r.Status.Met() {
			proof = NotDiscriminates
			why = append(why, fmt.Sprintf("%s no longer fails as declared: %s %s", r.ID, r.Status, r.Reason))
		}
	}
	for _, r := range good {
		if r.Status == result.Unsupported {
			continue
		}
		ranGood = true
		if !r.Status.Met() {
			if proof == Discriminates {
				proof = GoodFails
			}
			why = append(why, fmt.Sprintf("%s should pass: %s %s", r.ID, r.Status, r.Reason))
		}
	}
	if proof == Discriminates && (!ranBad || !ranGood) {
		side := "known-bad"
		if ranBad {
			side = "good"
		}
		return NotProvenHere, []string{"no " + side + " variant can run here"}
	}
	return proof, why
}
