package feature

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// fixedNames is the runner's vocabulary apart from the python3.N pattern.
// Each name says why a case would require or exclude it.
var fixedNames = []string{
	// Operating systems, as Go's GOOS spells them.
	"linux", "darwin", "windows", "freebsd",
	// Architectures, as Go's GOARCH spells them.
	"amd64", "arm64", "386", "arm", "ppc64le", "s390x", "riscv64",
	"apple-silicon",  // darwin on arm64: Metal, MLX
	"metal",          // a Metal device is usable (macOS lists a GPU with Metal support)
	"cuda",           // an NVIDIA GPU and driver are usable
	"cc",             // a C/C++ compiler, for cases that build an extension
	"network",        // the package index or git hosts are reachable
	"free-threading", // the interpreter was built with the GIL disabled
	"debug-python",   // a debug build of the interpreter (Py_DEBUG)
	"asan",           // the AddressSanitizer runtime is available
	"filecheck",      // LLVM's FileCheck is installed, for the filecheck script command
}

var fixedSet = func() map[string]bool {
	m := make(map[string]bool, len(fixedNames))
	for _, n := range fixedNames {
		m[n] = true
	}
	return m
}()

// Known reports whether name is in the runner's vocabulary: an OS, an
// architecture, a capability, python2.7 or python3.N for N in 0..99.
func Known(name string) bool {
	return fixedSet[name] || isPythonName(name)
}

// isPythonName matches "python2.7" and "python3.N", N in 0..99 without
// leading zeros, so that "python3.013" is not silently a different name.
func isPythonName(name string) bool {
	if name == "python2.7" {
		return true
	}
	n, ok := strings.CutPrefix(name, "python3.")
	if !ok || n == "" || len(n) > 2 || (len(n) == 2 && n[0] == '0') {
		return false
	}
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return false
		}
	}
	return true
}

// Vocabulary returns the known names, sorted, for documentation and help;
// the interpreter pattern appears as "python2.7" and "python3.N".
func Vocabulary() []string {
	names := append(slices.Clone(fixedNames), "python2.7", "python3.N")
	slices.Sort(names)
	return names
}

// aliasesOf lists, for a known feature, the names people write for it
// elsewhere (Python's platform module, GCC, uname), for Suggest.
var aliasesOf = map[string][]string{
	"darwin":         {"macos", "osx", "mac", "macosx"},
	"windows":        {"win", "win32", "win64"},
	"amd64":          {"x86_64", "x86-64", "x64"},
	"arm64":          {"aarch64"},
	"386":            {"i386", "i686", "x86"},
	"arm":            {"armv7l", "armv7"},
	"cuda":           {"gpu", "nvidia"},
	"free-threading": {"gil-disabled", "nogil", "freethreading", "free-threaded", "freethreaded"},
	"debug-python":   {"pydebug", "debug"},
	"network":        {"internet", "net"},
	"asan":           {"address-sanitizer", "addresssanitizer"},
	"cc":             {"compiler", "gcc", "clang", "c++"},
	"filecheck":      {"file-check", "llvm-filecheck"},
}

var aliases = func() map[string]string {
	m := make(map[string]string)
	for known, others := range aliasesOf {
		for _, o := range others {
			m[o] = known
		}
	}
	return m
}()

// Suggest returns the known name a user probably meant by name, for a
// "did you mean darwin?" message, or "" if nothing is close. A known name is
// returned as is. It tries, in order: the alias table ("macos" -> "darwin"),
// interpreter spellings ("py3.13", "python313" -> "python3.13"), then the
// closest known name within edit distance 2 (and less than len(name), so
// that "x" suggests nothing).
func Suggest(name string) string {
	if Known(name) {
		return name
	}
	lower := strings.ToLower(name)
	if Known(lower) {
		return lower
	}
	if a, ok := aliases[lower]; ok {
		return a
	}
	if p := pythonSpelling(lower); p != "" {
		return p
	}
	best, bestDist := "", 3
	consider := func(candidate string) {
		d := suggest.Distance(lower, candidate)
		if d < bestDist || (d == bestDist && candidate < best) {
			best, bestDist = candidate, d
		}
	}
	for _, n := range fixedNames {
		consider(n)
	}
	consider("python2.7")
	for n := range 100 {
		consider("python3." + strconv.Itoa(n))
	}
	if bestDist >= len(name) {
		return ""
	}
	return best
}

// pythonSpelling maps "py3.13", "cpython-3.13", "python313", "3.13" and
// "py27" to the runner's spelling, or returns "".
func pythonSpelling(s string) string {
	for _, prefix := range []string{"cpython", "python", "py"} {
		if rest, ok := strings.CutPrefix(s, prefix); ok {
			s = strings.TrimLeft(rest, "-_ ")
			break
		}
	}
	if len(s) >= 2 && s[1] != '.' {
		s = s[:1] + "." + s[1:] // "313" -> "3.13"
	}
	if Known("python" + s) {
		return "python" + s
	}
	return ""
}
