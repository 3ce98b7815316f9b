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
	"strings"
)

// Matching returns the command lines, arguments joined by spaces, of the
// running processes whose command line contains pattern. A test makes
// pattern unique to itself (a marker that holds its temporary folder's
// name), so that the same test running elsewhere on the machine is not
// taken for its leftovers.
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
