package exitstatus

import (
	"runtime"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// signalNames holds the POSIX signals a case may name, with the numbers
// they have on each system we run on. The common crash signals agree
// everywhere; SIGBUS, SIGUSR1 and friends do not, which is why the table is
// per OS and not taken from the Go build we happen to be.
var signalNames = []struct {
	name          string
	linux, darwin int
}{
	{"SIGHUP", 1, 1},
	{"SIGINT", 2, 2},
	{"SIGQUIT", 3, 3},
	{"SIGILL", 4, 4},
	{"SIGTRAP", 5, 5},
	{"SIGABRT", 6, 6},
	{"SIGBUS", 7, 10},
	{"SIGFPE", 8, 8},
	{"SIGKILL", 9, 9},
	{"SIGUSR1", 10, 30},
	{"SIGSEGV", 11, 11},
	{"SIGUSR2", 12, 31},
	{"SIGPIPE", 13, 13},
	{"SIGALRM", 14, 14},
	{"SIGTERM", 15, 15},
	{"SIGSYS", 31, 12},
	{"SIGXCPU", 24, 24},
	{"SIGXFSZ", 25, 25},
}

// signalNumber returns the number of the named signal on goos ("" means
// this system), and whether the name is known.
func signalNumber(goos, name string) (int, bool) {
	if goos == "" {
		goos = runtime.GOOS
	}
	for _, s := range signalNames {
		if s.name == name {
			if goos == "darwin" || strings.HasSuffix(goos, "bsd") {
				return s.darwin, true
			}
			return s.linux, true
		}
	}
	return 0, false
}

// signalName returns the name of signal n on goos ("" means this system),
// or "" when it has none in our table.
func signalName(goos string, n int) string {
	if goos == "" {
		goos = runtime.GOOS
	}
	for _, s := range signalNames {
		num := s.linux
		if goos == "darwin" || strings.HasSuffix(goos, "bsd") {
			num = s.darwin
		}
		if num == n {
			return s.name
		}
	}
	return ""
}

// suggestSignal returns the known signal name closest to a misspelt one
// ("SIGABORT" -> "SIGABRT", "segv" -> "SIGSEGV"), or "".
func suggestSignal(name string) string {
	up := strings.ToUpper(strings.TrimSpace(name))
	if !strings.HasPrefix(up, "SIG") {
		up = "SIG" + up
	}
	best, bestDist := "", 3
	for _, s := range signalNames {
		if d := suggest.Distance(up, s.name); d < bestDist {
			best, bestDist = s.name, d
		}
	}
	return best
}
