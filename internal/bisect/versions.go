package bisect

import (
	"context"
	"fmt"
	"html"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/pep440"
	"github.com/cleanexit/cleanexit/runner/pep508"
	"github.com/cleanexit/cleanexit/toolchains"
)

// defaultIndex is where versions are listed from when nothing says otherwise,
// as pip would.
const defaultIndex = "https://pypi.org/simple/"

// listVersions lists the versions of pkg that ix offers: the file names in
// each find-links folder or page, and the project page of the index and
// extra indexes (the simple repository API, PEP 503) unless NoIndex. A
// source that cannot be read is an error only when no source gave any
// version; otherwise it is returned as a warning. Pages are fetched by
// python with the network variables of getenv (toolchains.HTTPGet).
func listVersions(ctx context.Context, python string, getenv func(string) string, ix cases.Index, pkg string) (versions []string, warnings []string, err error) {
	want := pep508.Normalize(pkg)
	seen := map[string]bool{}
	var problems []string
	add := func(names []string) {
		for _, n := range names {
			if v, ok := pep508.FileVersion(n, want); ok && !seen[v] {
				seen[v] = true
				versions = append(versions, v)
			}
		}
	}
	var sources []string
	sources = append(sources, ix.FindLinks...)
	if !ix.NoIndex {
		index := ix.URL
		if index == "" {
			index = defaultIndex
		}
		for _, u := range append([]string{index}, ix.Extra...) {
			sources = append(sources, strings.TrimSuffix(u, "/")+"/"+want+"/")
		}
	}
	if len(sources) == 0 {
		return nil, nil, fmt.Errorf("no find-links and no index to list %s's versions from (--find-links, --index-url)", pkg)
	}
	for _, src := range sources {
		names, err := listFiles(ctx, python, getenv, src)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		add(names)
	}
	if len(versions) == 0 {
		msg := fmt.Sprintf("no versions of %s found in %s", pkg, strings.Join(sources, ", "))
		if len(problems) > 0 {
			msg += ": " + strings.Join(problems, "; ")
		}
		return nil, nil, fmt.Errorf("%s", msg)
	}
	return versions, problems, nil
}

// listFiles returns the distribution file names a find-links entry or index
// page offers: a folder's entries, or the targets of a page's links.
func listFiles(ctx context.Context, python string, getenv func(string) string, src string) ([]string, error) {
	local := src
	if u, err := url.Parse(src); err == nil && u.Scheme == "file" {
		local = filepath.FromSlash(u.Path)
	} else if err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return listPage(ctx, python, getenv, src)
	}
	fi, err := os.Stat(local)
	if err != nil {
		return nil, fmt.Errorf("find-links %s: %v", src, err)
	}
	if !fi.IsDir() {
		data, err := os.ReadFile(local)
		if err != nil {
			return nil, err
		}
		return linkTargets(string(data)), nil
	}
	entries, err := os.ReadDir(local)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names, nil
}

// listPage fetches an HTML page of links (PEP 503).
func listPage(ctx context.Context, python string, getenv func(string) string, page string) ([]string, error) {
	shown := page
	if u, err := url.Parse(page); err == nil {
		shown = u.Redacted()
	}
	if python == "" {
		return nil, fmt.Errorf("listing %s: no interpreter to send the request", shown)
	}
	status, body, err := toolchains.HTTPGet(ctx, python, getenv, page, 64<<20, 30*time.Second)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %v", shown, strings.ReplaceAll(err.Error(), page, shown))
	}
	if status != 200 {
		return nil, fmt.Errorf("listing %s: HTTP %d", shown, status)
	}
	return linkTargets(string(body)), nil
}

var hrefRE = lazyregexp.New(`(?i)<a\s[^>]*href\s*=\s*["']([^"']+)["']`)

// linkTargets are the file names the anchors of a page point at, without
// their #sha256=… fragments.
func linkTargets(page string) []string {
	var names []string
	for _, m := range hrefRE.FindAllStringSubmatch(page, -1) {
		target := html.UnescapeString(m[1])
		if u, err := url.Parse(target); err == nil {
			target = u.Path
		}
		if name := path.Base(target); name != "" && name != "." && name != "/" {
			if unescaped, err := url.PathUnescape(name); err == nil {
				name = unescaped
			}
			names = append(names, name)
		}
	}
	return names
}

// between orders versions by PEP 440 and keeps those from good to bad,
// both ends included (and added when the listing lacks them: they are the
// user's word), in that order: oldest first when good is the older end (a
// search for the first bad release), newest first when good is the newer
// (a search for the first fixed one; fixed is then true). Pre-releases and
// development releases inside the range are kept only when pre is set.
func between(versions []string, good, bad string, pre bool) (out []string, fixed bool, err error) {
	gv, err := pep440.ParseVersion(good)
	if err != nil {
		return nil, false, fmt.Errorf("--good %q: %v", good, err)
	}
	bv, err := pep440.ParseVersion(bad)
	if err != nil {
		return nil, false, fmt.Errorf("--bad %q: %v", bad, err)
	}
	lo, hi := gv, bv
	switch c := pep440.Compare(gv, bv); {
	case c == 0:
		return nil, false, fmt.Errorf("--good %s and --bad %s are the same version", good, bad)
	case c > 0:
		lo, hi, fixed = bv, gv, true
	}
	parsed := []pep440.Version{gv, bv}
	for _, s := range versions {
		v, err := pep440.ParseVersion(s)
		if err != nil {
			continue
		}
		if pep440.Compare(v, lo) <= 0 || pep440.Compare(v, hi) >= 0 {
			continue
		}
		if v.IsPrerelease() && !pre {
			continue
		}
		parsed = append(parsed, v)
	}
	sort.SliceStable(parsed, func(i, j int) bool { return pep440.Compare(parsed[i], parsed[j]) < 0 })
	for i, v := range parsed {
		if i > 0 && pep440.Compare(parsed[i-1], v) == 0 {
			continue
		}
		out = append(out, v.String())
	}
	if fixed {
		slices.Reverse(out)
	}
	return out, fixed, nil
}

// overVersions searches revs, ordered oldest first from the good end to
// the bad, running the target with `NAME==v` at each step.
func overVersions(ctx context.Context, t *Target, revs []string, report func(Step)) (Finding, error) {
	return search(ctx, revs, func(v string) Step {
		return t.judge(ctx, v, t.versionPin(v), "")
	}, report)
}
