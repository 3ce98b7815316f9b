package plan

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/pep440"
	"github.com/cleanexit/cleanexit/runner/pep508"
)

// mergeIndex combines the runner's index settings with a case's and the
// suite's. The runner's URL wins (it is the user's choice for this run, a
// mirror say), then the case's, then the suite's; extra indexes and
// find-links accumulate, and so do the build variables a case or the
// suite names; no-index from anywhere means offline.
func mergeIndex(runner, variant, suite cases.Index) cases.Index {
	out := cases.Index{URL: firstNonEmpty(runner.URL, variant.URL, suite.URL)}
	out.Extra = union(runner.Extra, variant.Extra, suite.Extra)
	out.FindLinks = union(runner.FindLinks, variant.FindLinks, suite.FindLinks)
	out.NoIndex = runner.NoIndex || variant.NoIndex || suite.NoIndex
	out.Env = union(variant.Env, suite.Env)
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

// offlineIndex is idx with no index, only its find-links folders, when
// those alone hold every package of the variant (fromLocalWheels); nil
// when they do not.
func offlineIndex(v *cases.Variant, idx cases.Index) *cases.Index {
	if !fromLocalWheels(v, idx) {
		return nil
	}
	idx.NoIndex, idx.URL, idx.Extra = true, "", nil
	return &idx
}

// fromLocalWheels reports whether every package of the variant can come
// from the local find-links folders alone: a distribution of that name, in
// a version its specifier allows. Offline, such a run installs with
// --no-index instead of being UNSUPPORTED for want of an index it does not
// need (CI hands ../shared/wheels to the runner this way).
func fromLocalWheels(v *cases.Variant, idx cases.Index) bool {
	var names []string
	for _, f := range idx.FindLinks {
		dir, ok := localFolder(f)
		if !ok {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return false
	}
	for _, p := range v.Packages {
		if p.IsLocal() {
			continue
		}
		if p.NeedsNetwork() || !offered(p, names) {
			return false
		}
	}
	return true
}

// offered reports whether one of the file names is a distribution of p in
// a version p allows.
func offered(p pep508.Requirement, files []string) bool {
	spec, err := pep440.ParseSpecifier(p.Specifier)
	if err != nil {
		return false
	}
	want := pep508.Normalize(p.Name)
	for _, f := range files {
		s, ok := pep508.FileVersion(f, want)
		if !ok {
			continue
		}
		if v, err := pep440.ParseVersion(s); err == nil && spec.Contains(v, false) {
			return true
		}
	}
	return false
}

// localFolder is the folder a find-links entry names, if it is one: a
// path or a file: URL.
func localFolder(entry string) (string, bool) {
	if u, err := url.Parse(entry); err == nil && u.Scheme == "file" {
		return filepath.FromSlash(u.Path), true
	}
	if entry == "" || strings.Contains(entry, "://") {
		return "", false
	}
	return entry, true
}
