package envs

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/cleanexit/cleanexit/toolchains"
)

// An environment build runs code that neither cleanexit nor the user
// reviewed: pip, uv, and the PEP 517 build backend of every local package
// (its setup.py, its CMakeLists.txt). On a CI machine the caller's
// environment holds GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY and the like, so a
// build sees only the variables it needs to find the installer, the index
// and a temporary folder, listed here; a case that needs another one at
// build time names it (`index: {env: [NAME]}` in case.yaml).

// buildVariables are the caller's variables every build sees, by name:
// the network's (proxies and certificates, toolchains.NetworkVariables)
// and these.
var buildVariables = append([]string{
	// where programs are, and where to write temporary files
	"PATH", "TMPDIR", "TMP", "TEMP",
	// locale, so that tools decode file names and output as the user does
	"LANG", "LANGUAGE",
	// where pip and uv find their configuration files and caches
	"XDG_CONFIG_HOME", "XDG_CACHE_HOME",
}, toolchains.NetworkVariables...)

// windowsBuildVariables are what programs on Windows cannot start without,
// or use in place of HOME for their configuration and caches.
var windowsBuildVariables = []string{
	"SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT",
	"LOCALAPPDATA", "APPDATA", "PROGRAMDATA",
}

// buildPrefixes are the families of the caller's variables every build
// sees: locale (LC_*), pip's and uv's settings, index URLs and credentials
// included (PIP_*, UV_*), and cleanexit's own (CLEANEXIT_*). The
// leakyVariables among them (PIP_USER, PIP_TARGET...) are still dropped.
var buildPrefixes = []string{"LC_", "PIP_", "UV_", "CLEANEXIT_"}

// buildVariableNames documents what an environment build sees of the caller's
// environment: the names, then the prefixes (each ending in "_").
func buildVariableNames() (names, prefixes []string) {
	names = buildVariables
	if runtime.GOOS == "windows" {
		names = append(names[:len(names):len(names)], windowsBuildVariables...)
	}
	return names, buildPrefixes
}

// buildEnviron keeps the variables of env that a build may see: those
// BuildVariables names, and those the spec asks for by name (Index.Env).
// A variable the spec asks for that the caller has not set is reported, since
// the build that needs it will likely fail without it.
func buildEnviron(env []string, asked []string) (out []string, warnings []string) {
	names, prefixes := buildVariableNames()
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if containsName(names, name) || containsName(asked, name) || hasPrefix(name, prefixes) {
			out = append(out, kv)
		}
	}
	for _, name := range asked {
		if !hasVariable(env, name) {
			warnings = append(warnings, fmt.Sprintf("the case passes %s to its environment build (index: env), but it is not set", name))
		}
	}
	return out, warnings
}

func hasPrefix(name string, prefixes []string) bool {
	for _, p := range prefixes {
		if len(name) > len(p) && sameName(name[:len(p)], p) {
			return true
		}
	}
	return false
}

func hasVariable(env []string, name string) bool {
	for _, kv := range env {
		if k, _, ok := strings.Cut(kv, "="); ok && sameName(k, name) {
			return true
		}
	}
	return false
}
