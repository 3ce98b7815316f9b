package changed

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// Cases returns the case files under corpusRoot that differ from
// the git revision base: added or modified since the point where the
// current branch left base (their merge base, as a pull request's diff
// shows it), uncommitted and untracked changes included. Deleted cases are
// not returned: there is nothing left to run. A change to the suite's
// corpus.yaml changes every case, so it returns the corpus root, which names
// them all to cases.LoadArgs.
//
// When no case changed it returns ErrNothing, never an empty list:
// to the runner no cases means the whole corpus.
//
// A case's local package (packages: [./pkg]) and its local wheel folders
// (index: find-links) are part of it: a change in them selects the cases
// that name them (see casesUsing), but for what a build of the package
// wrote into it (cases.BuildOutput).
func Cases(corpusRoot, base string) ([]string, error) {
	absRoot, err := filepath.Abs(corpusRoot)
	if err != nil {
		return nil, err
	}
	top, err := git(absRoot, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("--changed: %s is not in a git checkout: %v", corpusRoot, err)
	}
	top = strings.TrimSpace(top)
	changed, err := changedSince(top, base)
	if err != nil {
		return nil, err
	}
	prefix, err := pathInCheckout(top, absRoot)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	add := func(file string) {
		if !seen[file] {
			seen[file] = true
			out = append(out, file)
		}
	}
	realTop, err := filepath.EvalSymlinks(top)
	if err != nil {
		return nil, err
	}
	var others []string // changed files that are not case files, from the checkout's real top
	for _, p := range changed {
		if p == "" {
			continue
		}
		inCorpus, ok := strings.CutPrefix(p, prefix)
		if ok && inCorpus == "corpus.yaml" {
			return []string{corpusRoot}, nil // every case, as the runner reads a root
		}
		parts := strings.Split(inCorpus, "/")
		if !ok || len(parts) != 2 || !strings.HasSuffix(parts[1], ".txtar") {
			if dirs := strings.Split(p, "/"); !slices.ContainsFunc(dirs[:len(dirs)-1], cases.BuildOutput) {
				others = append(others, filepath.Join(realTop, filepath.FromSlash(p)))
			}
			continue
		}
		file := filepath.Join(corpusRoot, parts[0], parts[1])
		if _, err := os.Stat(file); err == nil {
			add(file)
		}
	}
	for _, file := range casesUsing(corpusRoot, others) {
		add(file)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w under %s since %s", ErrNothing, corpusRoot, base)
	}
	sort.Strings(out)
	return out, nil
}

// casesUsing returns the files of the cases of corpusRoot whose local
// packages or local find-links folders hold one of paths (absolute, links
// resolved), in the corpus or outside it (a package of the repository
// the corpus tests). A case that does not load is left out: the run
// reports it either way.
func casesUsing(corpusRoot string, paths []string) []string {
	if len(paths) == 0 {
		return nil
	}
	_, cs, _ := cases.LoadArgs(corpusRoot, nil)
	var out []string
	for _, c := range cs {
		if slices.ContainsFunc(localSources(c), func(src string) bool {
			if real, err := filepath.EvalSymlinks(src); err == nil {
				src = real
			}
			return slices.ContainsFunc(paths, func(p string) bool { return within(p, src) })
		}) {
			out = append(out, c.File)
		}
	}
	return out
}

// localSources are the local paths a case installs from, every variant's.
func localSources(c *cases.Case) []string {
	var out []string
	for _, v := range c.Variants {
		for _, r := range v.Packages {
			if r.Path != "" {
				out = append(out, r.Path)
			}
		}
		for _, l := range v.Index.FindLinks {
			if filepath.IsAbs(l) {
				out = append(out, l)
			}
		}
	}
	return out
}

// within says whether p is dir or below it; both are absolute.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// changedSince lists the paths, from the checkout's top, that differ from
// the merge base of base and HEAD, untracked files included.
func changedSince(top, base string) ([]string, error) {
	if _, err := git(top, "rev-parse", "--verify", "--quiet", base+"^{commit}"); err != nil {
		return nil, fmt.Errorf("--changed: git has no revision %q here (in CI, fetch it first: git fetch origin main)", base)
	}
	from := base
	if mb, err := git(top, "merge-base", base, "HEAD"); err == nil {
		from = strings.TrimSpace(mb)
	}
	diff, err := git(top, "diff", "--name-only", "-z", "--no-renames", from, "--")
	if err != nil {
		return nil, fmt.Errorf("--changed: git diff %s: %v", base, err)
	}
	untracked, err := git(top, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, fmt.Errorf("--changed: git ls-files: %v", err)
	}
	return strings.Split(diff+untracked, "\x00"), nil
}

// pathInCheckout is dir's path from the checkout's top, as git writes
// paths, with a trailing "/"; "" for the top itself. Links are resolved
// on both sides first, as git does.
func pathInCheckout(top, dir string) (string, error) {
	realTop, err := filepath.EvalSymlinks(top)
	if err != nil {
		return "", err
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(realTop, realDir)
	if err != nil {
		return "", err
	}
	if rel == "." {
		return "", nil
	}
	return filepath.ToSlash(rel) + "/", nil
}

// ErrNothing is Cases' answer when a change touches no
// case: a pull request that changes only code has no cases to run.
var ErrNothing = errors.New("no case changed")

// git runs git in dir and returns its standard output; an error carries
// git's own message.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", fmt.Errorf("%s", msg)
		}
		return "", err
	}
	return stdout.String(), nil
}
