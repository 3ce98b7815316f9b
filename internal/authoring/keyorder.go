package authoring

import "github.com/cleanexit/cleanexit/runner/cases"

// The canonical orders of case.yaml's keys (at the top and in a variant)
// and of index's: runner/cases owns them beside the keys themselves, so a
// key added to the format has its place in `fmt` and `new` at once.
var (
	caseKeyOrder  = cases.KeyOrder()
	indexKeyOrder = cases.IndexKeyOrder()
)

// keyRank returns the position of key in order; unknown keys sort last, in
// the order written (the core reports them).
func keyRank(order []string, key string) int {
	for i, k := range order {
		if k == key {
			return i
		}
	}
	return len(order)
}
