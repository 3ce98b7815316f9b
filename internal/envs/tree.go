package envs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A tree is what an environment folder held when it was built: every file,
// folder and link by slash-separated relative path. It is recorded in the
// marker so that a later look can tell, without trusting anything the case
// could have rewritten, whether the folder is still the one that was built.
type tree map[string]treeEntry

// treeEntry is the cheap identity of one entry: its kind, and for a file its
// size and modification time (as pip, git and make compare them), for a
// link its target. Folders are recorded by presence only: their times change
// whenever Python writes a .pyc beside a module, which is not a change of
// what the environment holds.
type treeEntry struct {
	Kind    byte   `json:"k"` // 'f' file, 'd' folder, 'l' link, '?' other
	Size    int64  `json:"s,omitempty"`
	ModTime int64  `json:"m,omitempty"` // ns
	Target  string `json:"t,omitempty"`
}

// ownFiles are the files cleanexit itself writes into an environment after
// it is built; they are not part of what the case sees.
var ownFiles = []string{markerName, usedStampName}

// scanTree records dir. It stats every entry once: a few hundred entries
// for an environment with a handful of packages, well under a millisecond.
func scanTree(dir string) (tree, error) {
	t := tree{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == dir {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if slices.Contains(ownFiles, rel) {
			return nil
		}
		switch {
		case d.IsDir():
			t[rel] = treeEntry{Kind: 'd'}
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			t[rel] = treeEntry{Kind: 'l', Target: target}
		case d.Type().IsRegular():
			info, err := d.Info()
			if err != nil {
				return err
			}
			t[rel] = treeEntry{Kind: 'f', Size: info.Size(), ModTime: info.ModTime().UnixNano()}
		default:
			t[rel] = treeEntry{Kind: '?'}
		}
		return nil
	})
	return t, err
}

// maxNamedChanges bounds how many changed paths a description names.
const maxNamedChanges = 3

// changes describes how now differs from the recorded tree, as a short
// phrase such as "added lib/python3.12/site-packages/zzz.pth"; "" when it
// does not.
func (was tree) changes(now tree) string {
	var added, removed, changed []string
	for p, e := range now {
		old, ok := was[p]
		switch {
		case !ok:
			added = append(added, p)
		case old != e:
			changed = append(changed, p)
		}
	}
	for p := range was {
		if _, ok := now[p]; !ok {
			removed = append(removed, p)
		}
	}
	var parts []string
	for _, group := range []struct {
		verb  string
		paths []string
	}{{"removed", removed}, {"added", added}, {"changed", changed}} {
		if len(group.paths) == 0 {
			continue
		}
		parts = append(parts, group.verb+" "+namePaths(topmost(group.paths)))
	}
	return strings.Join(parts, "; ")
}

// topmost drops the paths that lie under another path of the list, so that
// a removed package is named once, not once per file.
func topmost(paths []string) []string {
	slices.Sort(paths)
	var out []string
	for _, p := range paths {
		if n := len(out); n > 0 && strings.HasPrefix(p, out[n-1]+"/") {
			continue
		}
		out = append(out, p)
	}
	return out
}

func namePaths(paths []string) string {
	if len(paths) <= maxNamedChanges {
		return strings.Join(paths, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(paths[:maxNamedChanges], ", "), len(paths)-maxNamedChanges)
}
