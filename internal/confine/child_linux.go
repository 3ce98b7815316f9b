//go:build linux && (amd64 || arm64)

package confine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// A child is a prepared command's side of its sandbox, kept from Prepare
// to Wait: the pipe its init reports on, and the pids cgroup it runs in.
type child struct {
	report    *os.File       // read end: how the command ended, written by the init
	lifeline  *os.File       // write end, held by this process alone: see shimConfig.Lifeline
	initEnds  []*os.File     // the init's ends of both pipes, closed here once it has started
	cgroups   *pidsHierarchy // where the pids cgroup is made, nil without one
	processes int            // its pids.max
	cgroup    string         // the pids cgroup, once made
}

// children are the prepared commands, by their *exec.Cmd.
var children sync.Map

// shimVar marks a process as a sandbox's init and carries its config;
// the init takes it out of its environment before anything else sees it.
const shimVar = "CLEANEXIT_CONFINE_INIT"

// shimConfig is what the init needs: the command, its confinement, and
// the descriptors of its pipes.
type shimConfig struct {
	Outer    bool     `json:"outer"`  // the init's parent, which starts it in its namespaces
	Direct   bool     `json:"direct"` // an init started straight into its namespaces, by root, with no user namespace
	Path     string   `json:"path"`   // "" for Probe's trial: set up, report, start nothing
	Writable []string `json:"writable"`
	Network  bool     `json:"network"`
	Nproc    int      `json:"nproc"` // RLIMIT_NPROC to set, 0 for none (root: the cgroup limits)
	Report   int      `json:"report"`
	// Lifeline is the read end of a pipe whose write end only the
	// caller holds: it reads end of file once the caller is gone,
	// SIGKILL included, and the init then ends, and its namespace with
	// it. A parent-death signal would fire when the thread that forked
	// the init ends, and cleanexit's threads do (a launcher's, a
	// confined one's).
	Lifeline int `json:"lifeline"`
}

// Prepare makes cmd, not yet started, run in a sandbox of its own when
// Launch starts it: cmd runs cleanexit's own executable, whose init (this
// package's) runs as the sandbox's init process, in new PID, IPC and
// mount namespaces (and, but for root, a user namespace), confines a
// thread by p and starts the command from it. Wait, not cmd.Wait, says
// how the command ended.
//
// Another user needs a user namespace to make the others, and goes
// through a process between cleanexit and the init: Go forks a process
// that enters a new user namespace without vfork, copying the whole of
// the parent's page tables, which for cleanexit cost 10 to 18 ms a run;
// the process between is small, and cleanexit starts it with vfork. Root
// needs none, and cleanexit starts its init with vfork, straight into its
// namespaces: a start of cleanexit's executable and a user namespace
// fewer, about half a sandbox's cost (docs/performance.md). What the user
// namespace kept apart besides, root's sandbox is kept from otherwise: its
// init makes its mounts slaves of the caller's before it mounts its /proc
// (a user namespace's mounts are slaves by themselves), and the kernel's
// keyrings are refused to it (a user namespace has user keyrings of its
// own; without one, a case's key in root's user keyring outlived its
// run).
func Prepare(cmd *exec.Cmd, p Policy) error {
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("sandbox: cannot find cleanexit's own executable: %w", err)
	}
	report, reportW, err := os.Pipe()
	if err != nil {
		return err
	}
	lifelineR, lifeline, err := os.Pipe()
	if err != nil {
		report.Close()
		reportW.Close()
		return err
	}
	c := &child{report: report, lifeline: lifeline, initEnds: []*os.File{reportW, lifelineR}}
	direct := startsDirect()
	cfg := shimConfig{Outer: !direct, Direct: direct, Path: cmd.Path, Writable: p.Writable, Network: p.Network}
	if direct {
		if cmd.SysProcAttr == nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{}
		}
		cmd.SysProcAttr.Cloneflags |= syscall.CLONE_NEWPID | syscall.CLONE_NEWIPC | syscall.CLONE_NEWNS
	}
	files := append(slices.Clip(cmd.ExtraFiles), reportW, lifelineR)
	cfg.Report, cfg.Lifeline = 1+len(files), 2+len(files)
	if p.Processes > 0 {
		cg, ok := pidsCgroups()
		if !ok && os.Geteuid() == 0 {
			c.closePipes()
			return errRootNeedsCgroup
		}
		if ok {
			c.cgroups, c.processes = cg, p.Processes
		} else {
			cfg.Nproc = p.Processes
		}
	}
	b, _ := json.Marshal(cfg)
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	// A copy: the caller's slice may be another command's (a rerun's).
	cmd.Env = slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, shimVar+"=") })
	cmd.Env = append(cmd.Env, shimVar+"="+string(b))
	cmd.Path = self
	cmd.ExtraFiles = files
	children.Store(cmd, c)
	return nil
}

// idMaps keep every ID what it is outside: all of them for root, whose
// files the case may read as root, and one's own otherwise, the only ID
// an unprivileged user may map.
func idMaps() (uids, gids []syscall.SysProcIDMap) {
	if os.Getuid() == 0 {
		all := []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 1<<32 - 1}}
		return all, all
	}
	return []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}},
		[]syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}}
}

// Launch starts cmd; one Prepare made is started from a thread that is
// not confined (whose Landlock domain the sandbox would inherit, and
// whose writes to the cgroup Landlock refuses), into its pids cgroup.
func Launch(cmd *exec.Cmd) error {
	v, ok := children.Load(cmd)
	if !ok {
		return cmd.Start()
	}
	c := v.(*child)
	var err error
	unconfined(func() { err = c.start(cmd) })
	if err != nil {
		children.Delete(cmd)
		unconfined(c.close)
	}
	return err
}

// start starts cmd, born in a pids cgroup of its own where it has one
// (see pidsHierarchy.startIn).
func (c *child) start(cmd *exec.Cmd) error {
	defer func() {
		for _, f := range c.initEnds {
			f.Close()
		}
	}()
	if c.cgroups == nil {
		return cmd.Start()
	}
	var err error
	c.cgroup, err = c.cgroups.startIn(cmd, c.processes)
	return err
}

// unconfined runs f on a goroutine of its own, and so on a thread that
// is not confined: the caller may be a sandboxed script's, whose writes
// Landlock keeps to $WORK, and whose domain a process it started would
// share.
func unconfined(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

// closePipes closes this process's ends of the pipes, and the init's
// where it never started.
func (c *child) closePipes() {
	for _, f := range append([]*os.File{c.report, c.lifeline}, c.initEnds...) {
		f.Close()
	}
}

func (c *child) close() {
	c.closePipes()
	if c.cgroup != "" {
		removeCgroupLater(c.cgroup)
	}
}

// Wait waits for cmd, started by Launch, and returns what cmd.Wait would
// for the command itself: for one Prepare made, the status its init
// relayed (an error holding it, which exitstatus reads). An init that
// ended without relaying one, killed by a timeout or by the case, gives
// its own status, which says so.
func Wait(cmd *exec.Cmd) error {
	err := cmd.Wait()
	v, ok := children.LoadAndDelete(cmd)
	if !ok {
		return err
	}
	c := v.(*child)
	defer unconfined(c.close)
	msg, rerr := io.ReadAll(io.LimitReader(c.report, 64<<10))
	switch {
	case rerr == nil && len(msg) == 5 && msg[0] == 'S':
		ws := syscall.WaitStatus(binary.LittleEndian.Uint32(msg[1:]))
		if ws.Exited() && ws.ExitStatus() == 0 {
			return nil
		}
		return &Ended{Status: ws}
	case rerr == nil && len(msg) > 0 && msg[0] == 'E':
		return &InitError{Msg: string(msg[1:])}
	case err == nil:
		return &InitError{Msg: "its init process exited without saying how the command ended"}
	}
	return fmt.Errorf("the sandbox's init process ended before the command did: %w", err)
}

// Ended is how a sandboxed command ended other than by exit 0, as its
// init saw it: exitstatus.FromError reads it as it reads an
// *exec.ExitError.
type Ended struct{ Status syscall.WaitStatus }

func (e *Ended) WaitStatus() syscall.WaitStatus { return e.Status }

// Error reads as os/exec's does ("exit status 1", "signal: killed").
func (e *Ended) Error() string {
	if e.Status.Signaled() {
		s := "signal: " + e.Status.Signal().String()
		if e.Status.CoreDump() {
			s += " (core dumped)"
		}
		return s
	}
	return fmt.Sprintf("exit status %d", e.Status.ExitStatus())
}

// An InitError is the sandbox's failure to start the command: it never ran.
type InitError struct{ Msg string }

func (e *InitError) Error() string { return "sandbox: " + e.Msg }

// Unwrap gives the errno of a failed start (ENOENT, EACCES…) where the
// message ends with one, so that errors.Is sees a missing program.
func (e *InitError) Unwrap() error {
	for _, errno := range []syscall.Errno{syscall.ENOENT, syscall.EACCES, syscall.ENOEXEC, syscall.EAGAIN, syscall.ENOMEM, syscall.E2BIG} {
		if len(e.Msg) >= len(errno.Error()) && e.Msg[len(e.Msg)-len(errno.Error()):] == errno.Error() {
			return errno
		}
	}
	return nil
}

// ProbeChild says whether Prepare's sandboxes work here: it starts one
// that starts nothing. A machine that forbids user namespaces to users
// other than root (a container's seccomp profile,
// kernel.unprivileged_userns_clone=0), or lacks a writable pids cgroup
// for root, says so now, once.
func ProbeChild(p Policy) error {
	if err := Probe(); err != nil {
		return err
	}
	cmd := &exec.Cmd{Args: []string{"cleanexit-sandbox-probe"}} // no Path: the init starts nothing
	if err := Prepare(cmd, p); err != nil {
		return err
	}
	if err := Launch(cmd); err != nil {
		return fmt.Errorf("cannot start a sandbox's init process (PID, IPC and mount namespaces, and but for root a user namespace): %w", err)
	}
	if err := Wait(cmd); err != nil {
		return fmt.Errorf("a sandbox's init process failed: %w", err)
	}
	return nil
}
