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
	files, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil && strings.Contains(string(b), pattern) {
			out = append(out, strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
	return out
}
