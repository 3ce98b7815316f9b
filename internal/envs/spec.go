package envs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"slices"
	"strings"
)

// Spec says what environment a case needs. Every field is a plain value
// computed by the caller, so this package does not depend on how interpreters
// are discovered or how requirements are parsed.
type Spec struct {
	Python        string   `json:"python"`         // real path of the base interpreter
	PythonKey     string   `json:"python_key"`     // identity of that interpreter (hash of path+size+mtime), computed by the caller
	PythonVersion string   `json:"python_version"` // "3.12.1"
	PipDir        string   `json:"pip_dir"`        // dir containing the base interpreter's `pip` package; "" if it has none
	Packages      []string `json:"packages"`       // PEP 508 requirement strings, already canonical; local paths already absolute
	Index         Index    `json:"index"`
}

// Index is where the installer looks for packages. Every field that is set is
// passed as an explicit command-line option, so it beats the user's
// environment variables and configuration files.
type Index struct {
	URL       string   `json:"url,omitempty"`        // --index-url ("" = installer's own default/config)
	Extra     []string `json:"extra,omitempty"`      // --extra-index-url
	FindLinks []string `json:"find_links,omitempty"` // --find-links (absolute dirs or URLs)
	NoIndex   bool     `json:"no_index,omitempty"`   // --no-index

	// Env names the caller's variables the build needs beyond those every
	// build sees (see buildVariableNames): a token for a private index, say.
	Env []string `json:"env,omitempty"`
}

// keyFormat changes whenever the meaning of a key changes, so that
// environments built under an older rule are never mistaken for current ones.
const keyFormat = "cleanexit-env-key 1"

// keyHexLen is the length of a key: 64 bits of SHA-256 are plenty for a cache
// that holds tens of environments, and short names keep paths (and the
// shebang lines inside the environment) short.
const keyHexLen = 16

// key names the environment this spec needs. It is stable across runs and
// processes, ignores the order and duplicates of Packages, and changes when
// anything that could change the environment's contents changes: the
// interpreter's identity, the requirements, the index settings where there
// are requirements, and the contents of local requirements and local
// find-links folders (see fingerprint.go).
func (s Spec) key() string {
	h := sha256.New()
	field := func(name, value string) {
		// Length-prefixed, so that no two different specs hash the same bytes.
		fmt.Fprintf(h, "%s %d:%s\n", name, len(value), value)
	}
	field("format", keyFormat)
	field("python", s.Python)
	field("python-key", s.PythonKey)
	field("python-version", s.PythonVersion)
	packages := normalizedPackages(s.Packages)
	for _, p := range packages {
		field("package", p)
		if path, ok := localRequirementPath(p); ok {
			field("package-tree", fingerprintTree(path))
		}
	}
	if len(packages) == 0 {
		// Nothing is installed, so where packages would come from is not
		// part of what the environment is; and most cases have no
		// packages, so a run does not list the find-links folders.
		return hex.EncodeToString(h.Sum(nil))[:keyHexLen]
	}
	field("index-url", s.Index.URL)
	for _, e := range s.Index.Extra {
		field("extra-index-url", e)
	}
	for _, f := range s.Index.FindLinks {
		field("find-links", f)
		if path, ok := localFindLinksPath(f); ok {
			field("find-links-listing", fingerprintListing(path))
		}
	}
	field("no-index", fmt.Sprint(s.Index.NoIndex))
	// What a build is given can change what it builds; the values are not
	// hashed (they may be secrets, and a rotated token is the same build).
	for _, name := range normalizedPackages(s.Index.Env) {
		field("build-env", name)
	}
	return hex.EncodeToString(h.Sum(nil))[:keyHexLen]
}

// normalizedPackages returns the requirements sorted and without duplicates
// or blanks: two cases asking for the same set of packages share one
// environment whatever order they list them in.
func normalizedPackages(pkgs []string) []string {
	out := make([]string, 0, len(pkgs))
	for _, p := range pkgs {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// shortHash is the key-sized hex digest of the given parts; used for the
// names of cached pip copies.
func shortHash(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		writeField(h, p)
	}
	return hex.EncodeToString(h.Sum(nil))[:keyHexLen]
}

func writeField(h hash.Hash, s string) {
	fmt.Fprintf(h, "%d:", len(s))
	io.WriteString(h, s)
}
