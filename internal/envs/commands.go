package envs

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// The command lines below are the whole contract with pip and uv. Each
// builder returns a full argv whose first element is the program ("uv" is
// resolved on PATH by the caller). Every cleanexit setting is an explicit
// option: pip and uv both rank command-line options above environment
// variables and configuration files, so the user's PIP_*/UV_* settings and
// pip.conf/uv.toml still apply to whatever cleanexit leaves unset.
// Requirements always follow "--", so none can be read as an option.

// venvArgs creates a bare venv with the standard library's venv module.
// --without-pip because ensurepip costs seconds per environment; pip is run
// from a shared copy instead (see pipcopy.go).
func venvArgs(spec Spec, dir string) []string {
	return []string{spec.Python, "-m", "venv", "--without-pip", dir}
}

// pipInstallArgs installs spec.Packages into the venv whose interpreter is
// venvPython, with pip run by that interpreter (pip >= 10 accepts every
// option used here; tested down to pip 18.1).
//
//   - --no-warn-script-location: scripts land in the venv's bin, which is
//     on no PATH and need not be.
//   - --progress-bar off: the output is kept for error messages, not shown live.
//   - --cache-dir: pip's cache inside cleanexit's, sealed (installercache.go),
//     or none (cacheOptions).
func pipInstallArgs(spec Spec, venvPython, cacheDir string) []string {
	args := []string{venvPython, "-m", "pip", "install", "--no-warn-script-location", "--progress-bar", "off"}
	args = append(args, cacheOptions(spec, cacheDir, "--no-cache-dir")...)
	args = append(args, indexArgs(spec.Index)...)
	args = append(args, "--")
	for _, p := range normalizedPackages(spec.Packages) {
		args = append(args, pipSpelling(p))
	}
	return args
}

// cacheOptions points an install at the installer's shared cache, or, when
// the spec passes variables of its own to the build (Index.Env), at none
// (noCache). pip and uv keep the wheel they build from an sdist (uv from
// a local package too), keyed by the source alone: the next case's
// environment installed the wheel built with this case's token
// (build_env.txtar, with pip and with uv). pip's downloads stay shared,
// in cleanexit's downloads folder.
func cacheOptions(spec Spec, cacheDir, noCache string) []string {
	if len(spec.Index.Env) > 0 {
		return []string{noCache}
	}
	return []string{"--cache-dir", cacheDir}
}

// localVCSRequirement is a PEP 508 requirement on a local repository,
// "name @ git+file:///repo@rev", without extras or markers.
var localVCSRequirement = lazyregexp.New(`^([A-Za-z0-9][A-Za-z0-9._-]*)\s*@\s*((?:git|hg|svn|bzr)\+file://\S+)$`)

// pipSpelling is how pip takes a requirement. pip refuses the PEP 508
// spelling of a local repository, "name @ git+file:///repo@rev" (a URL
// with no host), and accepts "git+file:///repo@rev#egg=name", which means
// the same; uv takes both.
func pipSpelling(req string) string {
	m := localVCSRequirement.FindStringSubmatch(req)
	if m == nil || strings.Contains(m[2], "#") {
		return req
	}
	return m[2] + "#egg=" + m[1]
}

// uvInstallArgs installs spec.Packages with `uv pip install` into the venv of
// venvPython. The link mode is chosen from where uv's cache lives relative to
// the venv (the caller asks chooseLinkMode) rather than left to uv, whose default moved
// from hardlink to clone in uv 0.10.5 (astral-sh/uv#18259, noted in
// heroku/buildpacks-python#519) and which warns when a link mode fails.
//
//   - --python: the venv's interpreter; uv installs into its environment.
//   - --link-mode clone|hardlink|copy (crates/uv-fs/src/link.rs LinkMode).
//   - no --compile-bytecode: the build compiles through a cache of its own
//     (bytecode.go), as uv would compile the same files in every environment.
//   - --cache-dir: uv's cache inside cleanexit's, sealed (installercache.go),
//     or a temporary one (cacheOptions).
func uvInstallArgs(spec Spec, venvPython, cacheDir, linkMode string) []string {
	args := append([]string{"uv", "pip", "install", "--no-progress"}, cacheOptions(spec, cacheDir, "--no-cache")...)
	args = append(args, "--python", venvPython, "--link-mode", linkMode)
	args = append(args, indexArgs(spec.Index)...)
	args = append(args, "--")
	return append(args, normalizedPackages(spec.Packages)...)
}

// indexArgs spells Index as options that pip and uv share.
func indexArgs(ix Index) []string {
	var args []string
	if ix.URL != "" {
		args = append(args, "--index-url", ix.URL)
	}
	for _, e := range ix.Extra {
		args = append(args, "--extra-index-url", e)
	}
	for _, f := range ix.FindLinks {
		args = append(args, "--find-links", f)
	}
	if ix.NoIndex {
		args = append(args, "--no-index")
	}
	return args
}

// uv link modes.
const (
	linkClone    = "clone"
	linkHardlink = "hardlink"
	linkCopy     = "copy"
)

// chooseLinkMode picks how uv puts files from its cache into an environment:
// a copy-on-write clone where the filesystem supports it (btrfs, XFS, APFS),
// else a hard link when cache and environment share a filesystem (fast and
// free, at the price that editing an installed file edits uv's cache), else a
// copy, because links cannot cross filesystems.
func chooseLinkMode(envDir, uvCache string) string {
	a, b := existingAncestor(envDir), existingAncestor(uvCache)
	if a == "" || b == "" || !sameFilesystem(a, b) {
		return linkCopy
	}
	if supportsClone(a) {
		return linkClone
	}
	return linkHardlink
}

// existingAncestor is path or its nearest parent that exists: uv's cache may
// not exist before its first use, yet will live on its parent's filesystem.
func existingAncestor(path string) string {
	if path == "" {
		return ""
	}
	path = filepath.Clean(path)
	for {
		if _, err := os.Stat(path); err == nil {
			return path
		}
		parent := filepath.Dir(path)
		if parent == path {
			return ""
		}
		path = parent
	}
}
