package envs

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// leakyVariables would let the caller's Python setup reach into an
// environment or its installer: extra import paths, another prefix, a startup
// script, the user site-packages, an active virtualenv or conda env (uv
// treats VIRTUAL_ENV and CONDA_PREFIX as "the" environment), macOS's
// framework launcher, and pip options that choose where to install
// (cleanexit decides that).
var leakyVariables = []string{
	"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE",
	"PYTHONNOUSERSITE", "PYTHONPLATLIBDIR", "PYTHONEXECUTABLE", "PYTHONINSPECT",
	"__PYVENV_LAUNCHER__", "VIRTUAL_ENV", "CONDA_PREFIX", "CONDA_DEFAULT_ENV",
	"PIP_USER", "PIP_TARGET", "PIP_PREFIX", "PIP_ROOT", "PIP_SRC",
}

// installerSettings are set for every installer child: no user site, no
// pip self-update check, and never a prompt (a prompt would hang a run).
var installerSettings = []string{
	"PYTHONNOUSERSITE=1",
	"PIP_DISABLE_PIP_VERSION_CHECK=1",
	"PIP_NO_INPUT=1",
}

// installerEnviron is the environment of the venv and installer commands,
// and so of every build backend they start: the caller's variables that a
// build may see (see buildenv.go; asked are the extra names the spec's
// Index.Env gives) minus leakyVariables, plus installerSettings, with the
// find-links variable of the chosen installer cleaned of local folders that
// do not exist (see checkFindLinksVariable). The user's pip and uv settings
// (PIP_INDEX_URL, PIP_CONFIG_FILE, UV_INDEX_URL...), proxies and
// certificates pass through untouched; cleanexit's own settings are
// command-line options, which beat both environment and configuration files.
func (c *Cache) installerEnviron(installer string, asked []string) (env []string, warnings []string) {
	drop := append([]string{"PIP_FIND_LINKS", "UV_FIND_LINKS"}, leakyVariables...)
	env, warnings = buildEnviron(c.environ, asked)
	env = withoutVariables(env, drop)
	env = append(env, installerSettings...)
	for _, name := range []string{"PIP_FIND_LINKS", "UV_FIND_LINKS"} {
		value := c.Getenv(name)
		if value == "" {
			continue
		}
		// Only the installer that reads the variable is told about it, and
		// only its problems are worth a warning.
		readBy := "pip"
		if name == "UV_FIND_LINKS" {
			readBy = "uv"
		}
		if readBy != installer {
			env = append(env, name+"="+value)
			continue
		}
		kept, w := checkFindLinksVariable(name, value)
		warnings = append(warnings, w...)
		if kept != "" {
			env = append(env, name+"="+kept)
		}
	}
	return env, warnings
}

// checkFindLinksVariable drops the local folders a find-links variable names
// that do not exist, returning what is left (local entries made absolute,
// since installers run in the cache folder) and one warning per dropped
// entry. pip splits the variable on whitespace, uv on commas; both are
// accepted and the original separator is kept.
func checkFindLinksVariable(name, value string) (kept string, warnings []string) {
	sep := " "
	if strings.Contains(value, ",") {
		sep = ","
	}
	var keep []string
	for _, entry := range strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		path, local := localFindLinksPath(entry)
		if !local {
			keep = append(keep, entry)
			continue
		}
		if _, err := os.Stat(path); err != nil {
			warnings = append(warnings, fmt.Sprintf("%s names %s, which does not exist; ignored", name, entry))
			continue
		}
		if !strings.HasPrefix(entry, "file:") {
			if abs, err := filepath.Abs(path); err == nil {
				entry = abs
			}
		}
		keep = append(keep, entry)
	}
	return strings.Join(keep, sep), warnings
}

// checkFindLinks drops the local folders of the spec's own find-links that
// do not exist, the same way as for the variables.
func checkFindLinks(links []string) (kept []string, warnings []string) {
	for _, entry := range links {
		if path, local := localFindLinksPath(entry); local {
			if _, err := os.Stat(path); err != nil {
				warnings = append(warnings, fmt.Sprintf("--find-links names %s, which does not exist; ignored", entry))
				continue
			}
		}
		kept = append(kept, entry)
	}
	return kept, warnings
}

// environ returns the environment to run a program of this virtual
// environment with: base (the caller's environment) minus the variables that
// would let the caller's Python setup leak in (PYTHONPATH, PYTHONHOME,
// PYTHONUSERBASE, VIRTUAL_ENV, CONDA_PREFIX...), plus PYTHONNOUSERSITE=1,
// VIRTUAL_ENV set to this environment, and its BinDir first on PATH.
func (e *Env) environ(base []string) []string {
	path := lookupEnv(base, "PATH")
	env := withoutVariables(base, append([]string{"PATH"}, leakyVariables...))
	if path != "" {
		path = e.BinDir + string(os.PathListSeparator) + path
	} else {
		path = e.BinDir
	}
	return append(env, "PYTHONNOUSERSITE=1", "VIRTUAL_ENV="+e.Dir, "PATH="+path)
}

// withoutVariables copies env leaving out the named variables.
func withoutVariables(env []string, names []string) []string {
	out := make([]string, 0, len(env)+len(installerSettings)+2)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !containsName(names, name) {
			out = append(out, kv)
		}
	}
	return out
}

// lookupEnv returns the value of name in env; the last entry wins, as in
// os/exec.
func lookupEnv(env []string, name string) string {
	value := ""
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && sameName(k, name) {
			value = v
		}
	}
	return value
}

func containsName(names []string, name string) bool {
	for _, n := range names {
		if sameName(n, name) {
			return true
		}
	}
	return false
}

// sameName compares variable names as the platform does: Windows ignores case.
func sameName(a, b string) bool {
	if runtime.GOOS == "windows" {
		return strings.EqualFold(a, b)
	}
	return a == b
}
