package main

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/proctable"
	"github.com/rogpeppe/go-internal/testscript"
)

// procs PATTERN succeeds when a process whose command line contains
// PATTERN is running: `! procs X` proves nothing was left behind.
func procs(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: procs PATTERN")
	}
	found := matchingProcs(args[0], ts.Getenv("WORK"))
	switch {
	case neg && len(found) > 0:
		ts.Fatalf("processes left behind: %s", strings.Join(found, "; "))
	case !neg && len(found) == 0:
		ts.Fatalf("no process matches %q", args[0])
	}
}

// waitprocs PATTERN waits up to 30s for a process matching PATTERN.
func waitprocs(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitprocs PATTERN")
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if len(matchingProcs(args[0], ts.Getenv("WORK"))) > 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	ts.Fatalf("no process matching %q appeared", args[0])
}

// matchingProcs scans /proc (see proctable.Each); it is the test's own
// view of the process table, independent of what cleanexit thinks it
// killed. Only processes
// whose working directory is under work count: the cases run in folders
// below the script's $WORK, and the same test running at the same time
// elsewhere on the machine (another checkout, another engineer) must not
// be taken for this one's leftovers.
func matchingProcs(pattern, work string) []string {
	var out []string
	self := "/proc/" + itoa(os.Getpid())
	proctable.Each(func(dir string) {
		if dir == self {
			return
		}
		b, err := os.ReadFile(filepath.Join(dir, "cmdline"))
		if err != nil {
			return
		}
		cmd := strings.ReplaceAll(string(b), "\x00", " ")
		if !strings.Contains(cmd, pattern) || strings.Contains(cmd, "waitprocs") {
			return
		}
		if cwd, err := os.Readlink(filepath.Join(dir, "cwd")); err == nil && (cwd == work || strings.HasPrefix(cwd, work+"/")) {
			out = append(out, strings.TrimSpace(cmd))
		}
	})
	return out
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for n >= 10 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	i--
	b[i] = byte('0' + n)
	return string(b[i:])
}
