package plan

import (
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// mergeIndex combines the runner's index settings with a case's and the
// suite's. The runner's URL wins (it is the user's choice for this run, a
// mirror say), then the case's, then the suite's; extra indexes and
// find-links accumulate; no-index from anywhere means offline.
func mergeIndex(runner, variant, suite cases.Index) cases.Index {
	out := cases.Index{URL: firstNonEmpty(runner.URL, variant.URL, suite.URL)}
	out.Extra = union(runner.Extra, variant.Extra, suite.Extra)
	out.FindLinks = union(runner.FindLinks, variant.FindLinks, suite.FindLinks)
	out.NoIndex = runner.NoIndex || variant.NoIndex || suite.NoIndex
	if out.NoIndex {
		out.URL, out.Extra = "", nil
	}
	return out
}

// needsNetwork reports whether a variant's packages can only be had from a
// remote index or URL.
func needsNetwork(v *cases.Variant, idx cases.Index) bool {
	for _, p := range v.Packages {
		if p.NeedsNetwork() {
			return true
		}
		if p.IsLocal() || idx.NoIndex {
			continue
		}
		if idx.URL == "" || !strings.HasPrefix(idx.URL, "file:") {
			return true
		}
	}
	return false
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func union(lists ...[]string) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range lists {
		for _, s := range l {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}
