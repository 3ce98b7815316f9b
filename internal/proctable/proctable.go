// Package proctable is a test's own view of this machine's process table,
// read from /proc, independent of what cleanexit thinks it started or
// killed: the evidence behind a test that says nothing was left running.
//
// Non-goal: other systems. It reads Linux's /proc; a test that uses it
// skips elsewhere, saying so.
package proctable

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Require skips t, saying so, on a system with no /proc to read.
func Require(t testing.TB) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("looks for left-behind processes in /proc")
	}
}

// Marker returns a word for a test to put on the command lines of the
// processes it starts: prefix and the name of the test's own temporary
// folder, so that the same test running elsewhere on the machine (another
// checkout, another engineer) is not taken for this one's leftovers.
func Marker(t testing.TB, prefix string) string {
	return prefix + "-" + filepath.Base(filepath.Dir(t.TempDir()))
}

// Matching returns the command lines, arguments joined by spaces, of the
// running processes whose command line contains pattern, a Marker.
func Matching(pattern string) []string {
	var out []string
	Each(func(dir string) {
		b, err := os.ReadFile(filepath.Join(dir, "cmdline"))
		if err == nil && strings.Contains(string(b), pattern) {
			out = append(out, strings.ReplaceAll(string(b), "\x00", " "))
		}
	})
	return out
}

// Each calls read with the /proc folder of every process, reading each
// batch of /proc's listing before asking for the next: the kernel lists
// processes in the order of their IDs, and a new process gets the highest
// (until the IDs wrap around), so a fork-and-exit chain, whose member
// listed in one batch may be gone by the time it is read, has its newer
// member in a later batch. A listing read whole first, then the
// processes, can miss a chain that lives on, time after time.
func Each(read func(dir string)) {
	d, err := os.Open("/proc")
	if err != nil {
		return
	}
	defer d.Close()
	for {
		names, err := d.Readdirnames(64)
		for _, name := range names {
			if name[0] >= '0' && name[0] <= '9' {
				read(filepath.Join("/proc", name))
			}
		}
		if err != nil {
			return
		}
	}
}
