package toolchains

import (
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// sysctlArgs is what DetectHost asks macOS's sysctl: the CPU's name, whether
// the hardware is arm64, whether this process runs under Rosetta, and the
// machine type. Names unknown to an older or Intel macOS make sysctl
// complain on stderr and exit non-zero, but it still prints the others.
var sysctlArgs = []string{"machdep.cpu.brand_string", "hw.optional.arm64", "sysctl.proc_translated", "hw.machine"}

// sysctlName matches a sysctl variable name: dotted words.
var sysctlName = lazyregexp.New(`^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$`)

// parseSysctl reads sysctl output, "name: value" one a line (older
// systems print some as "name = value"), into a map. Other lines (prompts,
// "sysctl: unknown oid ..." complaints, bare values of sysctl -n) are
// ignored.
func parseSysctl(out []byte) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		name, value, ok := strings.Cut(line, ":")
		if !ok || !sysctlName.MatchString(name) {
			name, value, ok = strings.Cut(line, " = ")
			name = strings.TrimSpace(name)
		}
		if ok && sysctlName.MatchString(name) {
			m[name] = strings.TrimSpace(value)
		}
	}
	return m
}

// AppleSilicon reports whether sysctl describes Apple Silicon hardware:
// hw.optional.arm64 is 1. Under Rosetta an x86_64 process still sees
// hw.optional.arm64 = 1, and also sysctl.proc_translated = 1, which alone
// suffices.
func AppleSilicon(sysctl map[string]string) bool {
	return sysctl["hw.optional.arm64"] == "1" || sysctl["sysctl.proc_translated"] == "1"
}
