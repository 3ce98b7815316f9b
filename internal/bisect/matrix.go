package bisect

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/pep440"
	"github.com/cleanexit/cleanexit/runner/pep508"
)

// MatrixEnds reads a bisection's two ends from the version matrix of the
// one case in cs, when --good and --bad are not given: bad is the lowest
// released version the matrix says fails, good the highest one below it
// that it says exits cleanly. The matrix is the same declaration prove
// reads, so bisect searches between what the case already claims.
func MatrixEnds(cs []*cases.Case, pkg string) (good, bad string, err error) {
	if len(cs) != 1 {
		return "", "", fmt.Errorf("--good and --bad are both required (a case's version matrix gives them for one case, not %d)", len(cs))
	}
	c := cs[0]
	m := c.Versions
	if m == nil || m.Package != pep508.Normalize(pkg) {
		return "", "", errors.New("--good and --bad are both required: " + c.ID() + " has no version matrix of " + pkg)
	}
	type end struct {
		v   pep440.Version
		bad bool
	}
	var ends []end
	for _, e := range m.Entries {
		if v, ok := e.Specifier.Exact(); ok {
			ends = append(ends, end{v, c.Variant(e.Variant).KnownBad(c)})
		}
	}
	slices.SortFunc(ends, func(a, b end) int { return pep440.Compare(a.v, b.v) })
	i := slices.IndexFunc(ends, func(e end) bool { return e.bad })
	if i < 0 {
		return "", "", fmt.Errorf("--good and --bad are both required: %s's version matrix names no released version of %s that fails", c.ID(), m.Package)
	}
	for j := i - 1; j >= 0; j-- {
		if !ends[j].bad {
			return ends[j].v.String(), ends[i].v.String(), nil
		}
	}
	return "", "", fmt.Errorf("--good is required: %s's version matrix names no released version of %s below %s that exits cleanly", c.ID(), m.Package, ends[i].v)
}
