package authoring

// CaseKeyOrder is the canonical order of case.yaml's top-level keys, and
// (less summary, links, known-bad and variants) of a variant's keys. A case
// reads top to bottom as: what broke and where it is recorded; where it
// runs; what it runs with; how it must end; how often; which variants
// prove the bug. One order for both levels means a key moved from the case
// into a variant keeps its place in a review's diff.
var CaseKeyOrder = []string{
	"summary", "links",
	"python", "requires", "unsupported", "checks",
	"env", "timeout", "packages", "index",
	"xfail", "exit", "phase", "stderr", "clean", "backtrace",
	"repeat", "retries",
	"known-bad", "variants",
}

// IndexKeyOrder is the canonical order of the keys of `index`.
var IndexKeyOrder = []string{"url", "extra", "find-links", "no-index", "env"}

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
