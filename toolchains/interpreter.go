package toolchains

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Interpreter is one Python interpreter, identified by running it once.
//
// Several paths may reach the same interpreter (a symlink in PATH, a pyenv
// version directory, /bin -> /usr/bin); it is one Interpreter, named by
// RealPath, and Path is merely where discovery met it first.
type Interpreter struct {
	Path     string `json:"path"`      // first path it was found at
	RealPath string `json:"real_path"` // Path with every symlink resolved: the interpreter's name
	Source   string `json:"source"`    // where it was found: see the Source* constants

	Version string `json:"version"` // "3.12.1", or "3.14.0a1" / "3.13.0rc1" before a final release
	Major   int    `json:"major"`
	Minor   int    `json:"minor"`
	Micro   int    `json:"micro"`

	Implementation string `json:"implementation"` // sys.implementation.name: "cpython", "pypy", ...
	FreeThreaded   bool   `json:"free_threaded"`  // built with Py_GIL_DISABLED=1
	Debug          bool   `json:"debug"`          // a Py_DEBUG build (sys.gettotalrefcount exists)
	Arch           string `json:"arch"`           // GOARCH spelling of platform.machine(): "amd64", "arm64"

	Include   string `json:"include"`    // directory holding Python.h, for compiling extensions
	ExtSuffix string `json:"ext_suffix"` // sysconfig EXT_SUFFIX, e.g. ".cpython-312-x86_64-linux-gnu.so"

	PipVersion string `json:"pip_version"` // "" when the interpreter has no pip
	PipDir     string `json:"pip_dir"`     // directory containing the pip package: PYTHONPATH=PipDir makes `import pip` work

	Size    int64     `json:"size"`     // of the file at RealPath
	ModTime time.Time `json:"mod_time"` // of the file at RealPath
}

// Where discovery found an interpreter, in search order.
const (
	SourceEnv       = "env"       // CLEANEXIT_PYTHONS
	SourcePath      = "path"      // a PATH entry
	SourcePyenv     = "pyenv"     // $PYENV_ROOT/versions/*/bin
	SourceUV        = "uv"        // uv's managed interpreters
	SourceHomebrew  = "homebrew"  // macOS: /opt/homebrew, /usr/local
	SourceFramework = "framework" // macOS: python.org's /Library/Frameworks/Python.framework
	SourceExplicit  = "explicit"  // Identify was called on the path
)

// ShortVersion is "major.minor" with the build's ABI flags: "3.13t" for a
// free-threaded build, "3.11d" for a debug (Py_DEBUG) one, "3.13td" for
// both, the way CPython names such interpreters (python3.13t, Debian's
// python3.11d) and their ABI tags (cp313t, cpython-311d).
func (i *Interpreter) ShortVersion() string {
	return fmt.Sprintf("%d.%d", i.Major, i.Minor) + i.ABIFlags()
}

// ABIFlags are the build's letters after the version: "t" for a
// free-threaded build, "d" for a debug one, in that order ("td").
func (i *Interpreter) ABIFlags() string {
	s := ""
	if i.FreeThreaded {
		s += "t"
	}
	if i.Debug {
		s += "d"
	}
	return s
}

// Key is a short hash of RealPath, Size and ModTime. Environments built from
// an interpreter are cached under it: reinstalling or upgrading the
// interpreter in place changes the key and so invalidates them.
func (i *Interpreter) Key() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d", i.RealPath, i.Size, i.ModTime.UnixNano())
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Features are the feature names this interpreter provides to cases that
// REQUIRE them: "python3.13", plus "free-threading" and "debug-python".
func (i *Interpreter) Features() []string {
	f := []string{fmt.Sprintf("python%d.%d", i.Major, i.Minor)}
	if i.FreeThreaded {
		f = append(f, "free-threading")
	}
	if i.Debug {
		f = append(f, "debug-python")
	}
	return f
}

// String reads like "CPython 3.12.1 /root/.pyenv/versions/3.12.1/bin/python3.12".
func (i *Interpreter) String() string {
	v := i.Version
	if i.FreeThreaded {
		v += "t"
	}
	if i.Debug {
		v += " (debug)"
	}
	return implementationName(i.Implementation) + " " + v + " " + i.RealPath
}

// implementationName spells sys.implementation.name the way its project does.
func implementationName(impl string) string {
	switch impl {
	case "cpython":
		return "CPython"
	case "pypy":
		return "PyPy"
	case "graalpy":
		return "GraalPy"
	case "":
		return "Python"
	}
	return impl
}

// versionString formats sys.version_info as CPython's own version does:
// "3.12.1", "3.14.0a1", "3.13.0b2", "3.13.0rc1".
func versionString(major, minor, micro int, level string, serial int) string {
	v := fmt.Sprintf("%d.%d.%d", major, minor, micro)
	switch level {
	case "alpha":
		return v + "a" + strconv.Itoa(serial)
	case "beta":
		return v + "b" + strconv.Itoa(serial)
	case "candidate":
		return v + "rc" + strconv.Itoa(serial)
	}
	return v
}

// goArch maps platform.machine() to GOARCH spelling, so that an
// interpreter's arch compares equal to the host's ("x86_64" on Linux and
// macOS and "AMD64" on Windows are all amd64).
func goArch(machine string) string {
	switch m := strings.ToLower(machine); m {
	case "x86_64", "amd64", "x64":
		return "amd64"
	case "aarch64", "arm64", "aarch64_be":
		return "arm64"
	case "i386", "i486", "i586", "i686", "x86":
		return "386"
	case "armv6l", "armv7l", "armv7", "arm":
		return "arm"
	case "ppc64le":
		return "ppc64le"
	case "s390x":
		return "s390x"
	case "riscv64":
		return "riscv64"
	default:
		return m
	}
}
