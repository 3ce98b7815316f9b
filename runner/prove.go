package runner

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/verdict"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
)

// A Proof says whether a case discriminates: its known-bad variants fail
// the way they declare, and its good variants pass. A regression case is
// only worth its place if both hold; a bad variant that stopped crashing
// means the case no longer catches the bug.
type Proof struct {
	Case    *cases.Case
	Verdict verdict.Proof
	Bad     []result.Result // runs of known-bad variants
	Good    []result.Result // runs of good variants
	Why     []string        // what broke the proof, one line per run
}

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
		p.Verdict, p.Why = verdict.Prove(c, p.Bad, p.Good)
		proofs = append(proofs, p)
	}
	sort.SliceStable(proofs, func(i, j int) bool { return proofs[i].Verdict.Loudness() > proofs[j].Verdict.Loudness() })
	return proofs
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
			if r.Status.Met() {
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

// ProofRunLine returns what prints prove -v's line for each run as it
// finishes: its status, ID and reason. The reason may quote the case's
// stderr, and is shown through report.Visible.
func ProofRunLine(w io.Writer) func(result.Result) {
	return func(r result.Result) {
		fmt.Fprintf(w, "  %-11s %s  %s\n", r.Status, report.Visible(r.ID), report.Visible(r.Reason))
	}
}

// WriteProofs writes one line per case, its verdict first, and the reasons
// under it; failed says whether any case failed to discriminate.
func WriteProofs(w io.Writer, proofs []Proof) (failed bool) {
	for _, p := range proofs {
		fmt.Fprintf(w, "%-21s %s  (%s)\n", p.Verdict, report.Visible(p.Case.ID()), p.Summary())
		for _, why := range p.Why {
			fmt.Fprintf(w, "    %s\n", report.Visible(why))
		}
		failed = failed || p.Verdict.Failed()
	}
	return failed
}
