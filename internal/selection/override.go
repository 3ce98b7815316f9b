package selection

import (
	"strings"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// Overrides are expectations changed from the command line or CI, without
// editing a case.
type Overrides struct {
	// XFailNot names runs whose xfail no longer applies: a fix landed, and
	// CI should now see them pass (lit's --xfail-not, LIT_XFAIL_NOT).
	XFailNot []string
	// Unsupported names runs not to run here, reported as UNSUPPORTED.
	Unsupported []string
	// Retries, when > 0, replaces every variant's retries.
	Retries int
}

// SplitList reads a LIT_XFAIL_NOT-style list: IDs separated by ";" (lit's
// separator) or by spaces or commas.
func SplitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == ',' || r == ' ' || r == '\t' || r == '\n' })
}

// Apply changes the runs in place. A variant whose retries change is
// copied, so that other runs sharing it keep their own. It returns the
// patterns that named no run, which are most likely typos.
func (o Overrides) Apply(runs []*plan.Run) (unused []string) {
	used := map[string]bool{}
	for _, r := range runs {
		for _, p := range o.XFailNot {
			if cases.MatchesID(p, r.ID) {
				used[p] = true
				r.XFail = ""
			}
		}
		for _, p := range o.Unsupported {
			if cases.MatchesID(p, r.ID) && r.Unsupported == "" {
				used[p] = true
				r.Unsupported = "unsupported from the command line (--unsupported " + p + ")"
			} else if cases.MatchesID(p, r.ID) {
				used[p] = true
			}
		}
		if o.Retries > 0 && r.Variant != nil && r.Variant.Retries != o.Retries {
			v := *r.Variant
			v.Retries = o.Retries
			r.Variant = &v
		}
	}
	for _, p := range append(append([]string{}, o.XFailNot...), o.Unsupported...) {
		if !used[p] {
			unused = append(unused, p)
		}
	}
	return unused
}
