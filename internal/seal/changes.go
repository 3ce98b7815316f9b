package seal

import (
	"fmt"
	"slices"
	"strings"
)

// How a path changed.
type How byte

const (
	Added     How = '+'
	Removed   How = '-'
	Changed   How = '~'
	Rewritten How = 'w' // the kernel reported it written, and it looks the same: size and time kept
)

// A Change is one path that changed.
type Change struct {
	Path   string // as the tree's root names it: relative where the root is
	Rel    string // below the root, slash-separated
	How    How
	Folder bool
}

// Changes are what a Check saw, sorted by path.
type Changes struct {
	List []Change
	// Unchecked says why nothing could be compared, or is "": the kernel
	// lost events in a tree it alone answers for (Tree.TrustReports), or
	// the tree could not all be read, when it was sealed or now.
	Unchecked string
}

func (c *Changes) add(s *Seal, rel string, how How, e Entry) {
	c.List = append(c.List, Change{Path: s.path(rel), Rel: rel, How: how, Folder: e.Kind == 'd'})
}

func (c Changes) sorted() Changes {
	slices.SortFunc(c.List, func(a, b Change) int { return strings.Compare(a.Rel, b.Rel) })
	return c
}

// Files are the files and links that changed, each once, sorted.
func (c Changes) Files() []string {
	var out []string
	for _, ch := range c.List {
		if !ch.Folder {
			out = append(out, ch.Path)
		}
	}
	return out
}

// Topmost are the paths that changed but those below a folder that did,
// so that a removed package is named once, not once per file.
func (c Changes) Topmost() []string {
	var out []string
	for _, ch := range c.topmost(c.List) {
		out = append(out, ch.Path)
	}
	return out
}

func (Changes) topmost(list []Change) []Change {
	var out []Change
	for _, ch := range list {
		if n := len(out); n > 0 && strings.HasPrefix(ch.Rel, out[n-1].Rel+"/") {
			continue
		}
		out = append(out, ch)
	}
	return out
}

// maxNamed bounds how many paths String names of each kind.
const maxNamed = 3

// String says what changed as a short phrase, such as "added
// lib/python3.12/site-packages/zzz.pth"; "" when nothing did.
func (c Changes) String() string {
	var parts []string
	for _, group := range []struct {
		how  How
		verb string
	}{{Removed, "removed %s"}, {Added, "added %s"}, {Changed, "changed %s"}, {Rewritten, "rewrote %s in place"}} {
		var rels []string
		for _, ch := range c.topmost(slices.DeleteFunc(slices.Clone(c.List), func(ch Change) bool { return ch.How != group.how })) {
			rels = append(rels, ch.Rel)
		}
		named := strings.Join(rels, ", ")
		if len(rels) > maxNamed {
			named = fmt.Sprintf("%s and %d more", strings.Join(rels[:maxNamed], ", "), len(rels)-maxNamed)
		}
		if len(rels) > 0 {
			parts = append(parts, fmt.Sprintf(group.verb, named))
		}
	}
	return strings.Join(parts, "; ")
}
