package envs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// skippedSourceDirs are folders of a local source tree that do not change
// what gets installed: version-control data, and the outputs pip and
// setuptools write into the tree while building it. Hashing them would give
// the tree a new key after its first build.
var skippedSourceDirs = map[string]bool{
	".git": true, ".hg": true, ".svn": true,
	"__pycache__": true, "build": true, ".eggs": true,
	".tox": true, ".nox": true, ".venv": true,
	".mypy_cache": true, ".pytest_cache": true, ".ruff_cache": true,
}

// localRequirementPath reports the local file or folder a requirement
// installs from: a bare absolute path ("/src/pkg", "/w/pkg-1.0-py3-none-any.whl",
// optionally with [extras]) or a direct reference to a file: URL
// ("pkg @ file:///src/pkg").
func localRequirementPath(req string) (string, bool) {
	r := req
	if i := strings.Index(r, ";"); i >= 0 { // environment marker
		r = r[:i]
	}
	r = strings.TrimSpace(r)
	if filepath.IsAbs(r) {
		if _, err := os.Stat(r); err != nil {
			if i := strings.LastIndex(r, "["); i > 0 && strings.HasSuffix(r, "]") {
				r = r[:i] // "/src/pkg[extra]"
			}
		}
		return r, true
	}
	if i := strings.Index(r, "@"); i >= 0 {
		return fileURLPath(strings.TrimSpace(r[i+1:]))
	}
	return "", false
}

// localFindLinksPath reports the local folder a --find-links entry names:
// an absolute or relative path, or a file: URL. http(s) URLs are not local.
func localFindLinksPath(entry string) (string, bool) {
	if strings.Contains(entry, "://") || strings.HasPrefix(entry, "file:") {
		return fileURLPath(entry)
	}
	if entry == "" {
		return "", false
	}
	return entry, true
}

func fileURLPath(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	p := u.Path
	if runtime.GOOS == "windows" && len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/x
	}
	return filepath.FromSlash(p), true
}

// fingerprintTree summarizes a local requirement cheaply: the relative path,
// size and modification time of every file (no contents are read). Editing a
// local source tree or rebuilding a local wheel therefore gives a new key.
func fingerprintTree(root string) string {
	h := sha256.New()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (skippedSourceDirs[d.Name()] || strings.HasSuffix(d.Name(), ".egg-info")) {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fmt.Fprintf(h, "%s\x00%d\x00%d\n", filepath.ToSlash(rel), info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		// A missing or unreadable tree still gets a stable fingerprint; the
		// installer then reports the problem in its own words.
		fmt.Fprintf(h, "error: %v", err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fingerprintListing summarizes the top level of a find-links folder (pip and
// uv do not look deeper): a new or rebuilt wheel there gives a new key.
func fingerprintListing(dir string) string {
	h := sha256.New()
	entries, err := os.ReadDir(dir)
	if err != nil {
		fmt.Fprintf(h, "error: %v", err)
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			continue
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\n", e.Name(), info.Size(), info.ModTime().UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil))
}
