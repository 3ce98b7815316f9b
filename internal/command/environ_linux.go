package command

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// environFDVariable names, in the environment of the process HideEnvironment
// re-executes, the descriptor that holds the environment it was given.
const environFDVariable = "CLEANEXIT_ENVIRON_FD"

// pendingSignalVariable carries, across the exec, the end signals caught
// before it (their numbers, comma-separated), for Interruptible.
const pendingSignalVariable = "CLEANEXIT_PENDING_SIGNALS"

func formatSignals(sigs []os.Signal) string {
	var nums []string
	for _, s := range sigs {
		if n, ok := s.(syscall.Signal); ok {
			nums = append(nums, strconv.Itoa(int(n)))
		}
	}
	return strings.Join(nums, ",")
}

func parseSignals(s string) []os.Signal {
	var sigs []os.Signal
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(f); err == nil && n > 0 {
			sigs = append(sigs, syscall.Signal(n))
		}
	}
	return sigs
}

// runtimeVariables are read by the Go runtime before main runs, so they
// stay in the environment the process is started with. None is a secret.
var runtimeVariables = []string{"GODEBUG", "GOGC", "GOMAXPROCS", "GOMEMLIMIT", "GOTRACEBACK", "GOCOVERDIR"}

// HideEnvironment keeps the caller's environment (GITHUB_TOKEN, a
// PYTHONSTARTUP, index credentials) out of /proc/<pid>/environ, which any
// process of the same user reads, a case that walks up to its parent
// included: /proc shows the environment a process was started with, and
// unsetting a variable does not change it. The first time it is called it
// writes the environment into an anonymous memory file and re-executes
// the program with only that file's descriptor and the Go runtime's
// settings in its environment; the second time, in the new image, it
// reads the environment back into the process (os.Getenv sees all of it,
// /proc none), and closes the file. What cleanexit gives its children is
// decided where it starts them, as before.
//
// It replaces the process image and its environment: it is for a
// command's main, before anything else runs, never a library. When it
// cannot re-execute, it says so on stderr and the process goes on as it
// was.
func HideEnvironment() {
	if fd, ok := os.LookupEnv(environFDVariable); ok {
		pending := os.Getenv(pendingSignalVariable)
		catchEarly(parseSignals(pending))
		os.Unsetenv(environFDVariable)
		if err := restoreEnvironment(fd); err != nil {
			fmt.Fprintf(os.Stderr, "cleanexit: cannot read the environment back: %v\n", err)
		}
		return
	}
	catchEarly(nil)
	if err := reexecHidden(); err != nil {
		fmt.Fprintf(os.Stderr, "cleanexit: warning: the caller's environment stays readable in /proc/%d/environ: %v\n", os.Getpid(), err)
	}
}

// reexecHidden writes the environment to a memory file and replaces the
// process with itself, started with only that file and runtimeVariables.
// It returns only on failure.
func reexecHidden() error {
	fd, err := unix.MemfdCreate("cleanexit-environ", 0) // no close-on-exec: the new image reads it
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(fd), "cleanexit-environ")
	defer f.Close()
	var buf bytes.Buffer
	for _, kv := range os.Environ() {
		buf.WriteString(kv)
		buf.WriteByte(0)
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		return err
	}
	env := []string{environFDVariable + "=" + strconv.Itoa(fd)}
	if pending := stopEarly(); len(pending) > 0 {
		env = append(env, pendingSignalVariable+"="+formatSignals(pending))
	}
	for _, k := range runtimeVariables {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	// A signal the process started with ignored, which DefaultDispositions
	// catches and drops, would reach the new image at its default: it is
	// ignored again for the exec, as the caller gave it.
	for sig := range startedIgnoring.sigs {
		signal.Ignore(sig)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	// /proc/self/exe is the very file that runs, whatever became of its
	// name since.
	if _, err := os.Stat("/proc/self/exe"); err == nil {
		exe = "/proc/self/exe"
	}
	return unix.Exec(exe, os.Args, env)
}

// restoreEnvironment makes the process's environment the one in the memory
// file at descriptor fd, and closes it.
func restoreEnvironment(fd string) error {
	n, err := strconv.Atoi(fd)
	if err != nil || n < 3 {
		return fmt.Errorf("%s=%q is not a descriptor", environFDVariable, fd)
	}
	f := os.NewFile(uintptr(n), "cleanexit-environ")
	defer f.Close()
	data, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<30))
	if err != nil {
		return err
	}
	os.Clearenv()
	for _, kv := range strings.Split(string(data), "\x00") {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
			os.Setenv(k, v)
		}
	}
	return nil
}
