package envs

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
	"github.com/cleanexit/cleanexit/runner/pep508"
)

// pip keeps a downloaded file in its HTTP cache only when the index's answer
// says it may (Cache-Control, ETag, Last-Modified); a mirror or proxy that
// sends none of them makes pip download every wheel again for every
// environment, and the wheels of mlx-cpu or iree-base-compiler are tens of
// megabytes. So a pip build whose packages all come from an index first runs
// `pip download` into a folder of its own that it has filled with links to
// the machine's downloads (Root/downloads): pip resolves against the index
// as always, and takes a wheel it resolved to from that folder when the file
// is there ("File was already downloaded"), fetching only the others. The
// build then installs offline from the files pip named, and moves those it
// fetched into Root/downloads. Each file crosses the network once per
// machine, whatever the index says about caching. uv needs none of this:
// its own cache keeps what it downloads. Both caches, and this folder,
// are sealed (installercache.go).
//
// The offline install has no use for the index's credentials either, so the
// build backends it starts never see them (see offlineEnviron).

// downloadsDir is the machine's folder of downloaded distributions, shared
// by every environment built through this cache root.
func (c *Cache) downloadsDir() string { return filepath.Join(c.Root, "downloads") }

// fetchesFirst reports whether a pip build of spec downloads before it
// installs: only when an index is used and every package is a name from
// it (a local path or a URL is pip's to build or fetch as it is).
func fetchesFirst(spec Spec) bool {
	if spec.Index.NoIndex || len(spec.Packages) == 0 {
		return false
	}
	for _, p := range spec.Packages {
		r, err := pep508.Parse(p)
		if err != nil || r.Name == "" || r.URL != "" || r.Path != "" {
			return false
		}
	}
	return true
}

// pipDownloadArgs downloads spec's packages, with their dependencies, for
// the venv's interpreter into dest.
func pipDownloadArgs(spec Spec, venvPython, dest, cacheDir string) []string {
	args := []string{venvPython, "-m", "pip", "download", "--dest", dest, "--progress-bar", "off", "--cache-dir", cacheDir}
	args = append(args, indexArgs(spec.Index)...)
	args = append(args, "--")
	return append(args, normalizedPackages(spec.Packages)...)
}

// fetch runs the download step of a pip build and returns the spec to
// install from its folder: --no-index and that folder only, which holds
// exactly the files the download resolved. When the download brought a
// source distribution, whose build may need build requirements that were
// not downloaded, the install keeps the spec's index and only adds the
// folder; offline is then false.
func (c *Cache) fetch(ctx context.Context, a *assembly, install Spec, environ []string, m *marker) (from Spec, offline bool, err error) {
	dest := filepath.Join(a.tmp, "downloads")
	if err := os.MkdirAll(dest, 0o777); err != nil {
		return install, false, err
	}
	linkDownloads(c.downloadsDir(), dest)
	argv := pipDownloadArgs(install, venvPython(a.venv), dest, c.pipCacheDir())
	out, err := c.runOutput(ctx, a.key, argv, environ, a.tmp)
	if err != nil {
		return install, false, err
	}
	m.Commands = append(m.Commands, argv)
	resolved := keepResolved(dest, out)
	a.fetched = dest
	from = install
	if !allWheels(resolved) {
		from.Index.FindLinks = append(slices.Clip(from.Index.FindLinks), dest)
		return from, false, nil
	}
	from.Index = Index{NoIndex: true, FindLinks: []string{dest}}
	return from, true, nil
}

// linkDownloads hard-links every file of the machine's download folder into
// dest (a link costs no copy, and keeps the file if Root/downloads is
// cleared meanwhile). A file that cannot be linked is left to pip to
// download.
func linkDownloads(downloads, dest string) {
	entries, err := os.ReadDir(downloads)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() {
			os.Link(filepath.Join(downloads, e.Name()), filepath.Join(dest, e.Name()))
		}
	}
}

// resolvedLine matches what pip prints for each file of a download, found
// in the folder or fetched (pip 18.1 through today).
var resolvedLine = lazyregexp.New(`(?m)^\s*(?:File was already downloaded|Saved) (.+?)\s*$`)

// keepResolved removes from dest every file the download output does not
// name (the links to other downloads), and returns the names it kept.
func keepResolved(dest, out string) []string {
	named := map[string]bool{}
	for _, m := range resolvedLine.FindAllStringSubmatch(out, -1) {
		named[filepath.Base(m[1])] = true
	}
	var kept []string
	entries, _ := os.ReadDir(dest)
	for _, e := range entries {
		if named[e.Name()] {
			kept = append(kept, e.Name())
			continue
		}
		os.Remove(filepath.Join(dest, e.Name()))
	}
	return kept
}

// allWheels reports whether every name is a wheel's.
func allWheels(names []string) bool {
	for _, n := range names {
		if !strings.HasSuffix(n, ".whl") {
			return false
		}
	}
	return true
}

// keepDownloads moves what a build fetched into the machine's download
// folder, file by file, each by one rename: a reader of that folder sees a
// whole file or none. A file already there stays as it is.
func (c *Cache) keepDownloads(fetched string) {
	if err := os.MkdirAll(c.downloadsDir(), 0o777); err != nil {
		return
	}
	entries, err := os.ReadDir(fetched)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		to := filepath.Join(c.downloadsDir(), e.Name())
		if _, err := os.Lstat(to); err == nil {
			continue // linked from there, or fetched meanwhile by another build
		}
		os.Rename(filepath.Join(fetched, e.Name()), to)
	}
}

// indexVariables are the settings that name an index, and so may carry its
// credentials (https://user:token@host/simple).
var indexVariables = []string{"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_TRUSTED_HOST"}

// offlineEnviron is the environment of an install that reads only a local
// folder: without the variables that name an index, and with no pip
// configuration file (PIP_CONFIG_FILE=os.DevNull makes pip read none), so
// that neither pip nor a build backend it starts sees an index URL, nor the
// credentials one may carry.
func offlineEnviron(environ []string) []string {
	out := withoutVariables(environ, append(slices.Clip(indexVariables), "PIP_CONFIG_FILE"))
	return append(out, "PIP_CONFIG_FILE="+os.DevNull)
}
