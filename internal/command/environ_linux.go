package command

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// HideEnvironment keeps the caller's environment (GITHUB_TOKEN, a
// PYTHONSTARTUP, index credentials) out of /proc/<pid>/environ, which any
// process of the same user reads, a case that walks up to its parent
// included. Unsetting a variable does not change that file: it shows,
// live, the memory where the kernel put the environment's strings at exec.
// The Go runtime copied them all at start (os.Getenv reads the copy, and
// what cleanexit gives its children is decided where it starts them), so
// HideEnvironment overwrites that memory with zeros, through
// /proc/self/mem: the file then reads as NULs only. C code that calls
// getenv, with cgo, then finds nothing, as if the environment were empty.
//
// The copy stays in the process's memory, which a process of the same
// user may read through /proc/<pid>/mem or process_vm_readv where Yama
// does not forbid it: HideEnvironment also makes the process not
// dumpable, so that the kernel refuses that, and ptrace, to a process
// without CAP_SYS_PTRACE (root keeps it). What cleanexit gives up: a core
// file of its own, and an unprivileged debugger's attach; what it starts
// is dumpable again from its exec. (The sandbox asks the same, for its
// own reason: see internal/confine.)
//
// It changes the process's memory and its dumpable flag: it is for a
// command's main, before anything else runs, never a library. When it
// cannot, it says so on stderr and the process goes on as it was.
func HideEnvironment() {
	if err := zeroEnvironmentArea(); err != nil {
		fmt.Fprintf(os.Stderr, "cleanexit: warning: the caller's environment stays readable in /proc/%d/environ: %v\n", os.Getpid(), err)
	}
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		fmt.Fprintf(os.Stderr, "cleanexit: warning: the caller's environment stays readable in cleanexit's memory: prctl(PR_SET_DUMPABLE): %v\n", err)
	}
}

// zeroEnvironmentArea writes zeros over the range env_start..env_end that
// /proc/self/stat gives (fields 50 and 51, Linux 3.5).
func zeroEnvironmentArea() error {
	start, end, err := environmentArea()
	if err != nil || end <= start {
		return err
	}
	mem, err := os.OpenFile("/proc/self/mem", os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer mem.Close()
	if _, err := mem.WriteAt(make([]byte, end-start), int64(start)); err != nil {
		return err
	}
	return nil
}

// environmentArea reads where the process's environment strings are.
func environmentArea() (start, end uint64, err error) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, 0, err
	}
	// The command name, field 2, is in parentheses and may hold spaces:
	// the fields after it start at field 3.
	i := strings.LastIndexByte(string(stat), ')')
	fields := strings.Fields(string(stat[i+1:]))
	if i < 0 || len(fields) < 49 {
		return 0, 0, fmt.Errorf("/proc/self/stat has no env_start and env_end (Linux 3.5)")
	}
	if start, err = strconv.ParseUint(fields[50-3], 10, 64); err != nil {
		return 0, 0, err
	}
	if end, err = strconv.ParseUint(fields[51-3], 10, 64); err != nil {
		return 0, 0, err
	}
	return start, end, nil
}
