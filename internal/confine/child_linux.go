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

	"golang.org/x/sys/unix"
)

// A child is a prepared command's side of its sandbox, kept from Prepare
// to Wait: the holder it runs in (root's), or the pipe its init reports
// on, and the pids cgroup it runs in.
type child struct {
	holder    *holder        // root's: the holder it runs in, from Launch (see holder)
	held      bool           // whether it runs in a holder, not under an init of its own
	policy    Policy         // a held one's, which its starting thread confines itself by
	config    shimConfig     // another user's: the init's, passed to it as Launch starts it
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
	Outer   bool   `json:"outer"` // the init's parent, which starts it in its namespaces
	Hold    bool   `json:"hold"`  // a holder (see holder), which starts nothing
	Control int    `json:"control"`
	Path    string `json:"path"` // "" for Probe's trial: set up, report, start nothing
	// Grouped: the caller started the sandbox in a process group of its
	// own, as it does an interpreter it kills with its group: what the
	// command leaves in that group is not named (leftInNamespace).
	Grouped  bool     `json:"grouped"`
	Writable []string `json:"writable"`
	Network  bool     `json:"network"`
	Nproc    int      `json:"nproc"` // RLIMIT_NPROC to set, 0 for none (root: the cgroup limits)
	Report   int      `json:"report"`
	// Lifeline is the read end of a pipe whose write end only the
	// caller holds: it reads end of file once the caller is gone,
	// SIGKILL included, and the init then ends, and its namespace with
	// it. A parent-death signal would fire when the thread that forked
	// the init ends, and cleanexit's threads do (a starting one's, a
	// confined one's).
	Lifeline int `json:"lifeline"`
}

// Prepare makes cmd, not yet started, run in a sandbox of its own when
// Launch starts it. Wait, not cmd.Wait, says how the command ended.
//
// Root's command runs in a holder's PID and mount namespaces (see
// holder), and is cleanexit's child. Another user's runs cleanexit's own
// executable, whose init (this package's) runs as the sandbox's init
// process, in new user, PID, IPC and mount namespaces, confines a thread
// by p and starts the command from it. A user namespace is needed to
// make the others, and so is a process between cleanexit and the init:
// Go forks a process that enters a new user namespace without vfork,
// copying the whole of the parent's page tables, which for cleanexit
// cost 10 to 18 ms a run; the process between is small, and cleanexit
// starts it with vfork.
//
// What a user namespace keeps apart, root's sandbox is kept from
// otherwise: the holder makes its mounts slaves of the caller's before
// it mounts its /proc (a user namespace's mounts are slaves by
// themselves), and the kernel's keyrings are refused to it (a user
// namespace has user keyrings of its own; without one, a case's key in
// root's user keyring outlived its run).
func Prepare(cmd *exec.Cmd, p Policy) error {
	if holdersJoinable() {
		return prepareHeld(cmd, p)
	}
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
	cfg := shimConfig{Outer: true, Path: cmd.Path, Writable: p.Writable, Network: p.Network}
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
	c.config = cfg
	cmd.Env = withoutShimVar(cmd.Env)
	cmd.Path = self
	cmd.ExtraFiles = files
	children.Store(cmd, c)
	return nil
}

// prepareHeld is Prepare for root, whose command runs in a holder.
func prepareHeld(cmd *exec.Cmd, p Policy) error {
	c := &child{held: true, policy: p}
	if p.Processes > 0 {
		cg, ok := pidsCgroups()
		if !ok {
			return errRootNeedsCgroup
		}
		c.cgroups, c.processes = cg, p.Processes
	}
	cmd.Env = withoutShimVar(cmd.Env)
	children.Store(cmd, c)
	return nil
}

// withoutShimVar is env (the process's where nil) without shimVar, so
// that a program that links this package does not take itself for an
// init. A copy: the caller's slice may be another command's (a rerun's).
func withoutShimVar(env []string) []string {
	if env == nil {
		env = os.Environ()
	}
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, shimVar+"=") })
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
	if c.held {
		return c.startHeld(cmd.Start, cmd)
	}
	defer func() {
		for _, f := range c.initEnds {
			f.Close()
		}
	}()
	// The caller may have given cmd its process group since Prepare.
	c.config.Grouped = cmd.SysProcAttr != nil && cmd.SysProcAttr.Setpgid
	b, _ := json.Marshal(c.config)
	cmd.Env = append(cmd.Env, shimVar+"="+string(b))
	if c.cgroups == nil {
		return cmd.Start()
	}
	var err error
	c.cgroup, err = c.cgroups.startIn(cmd, c.processes, cmd.Start)
	return err
}

// startHeld lends c a holder and runs start, which starts cmd, from a
// thread of its own in the holder's namespaces, confined by c's policy,
// and in the holder's pids cgroup where c has a process limit.
func (c *child) startHeld(start func() error, cmd *exec.Cmd) error {
	h, err := takeHolder()
	if err != nil {
		return err
	}
	limited := c.cgroups != nil
	if limited {
		err = h.limitProcesses(c.cgroups, c.processes, cmd)
	}
	if err == nil {
		err = onOwnThread(func() error {
			if limited {
				if err := h.joinLimited(); err != nil {
					return err
				}
			}
			if err := h.enter(c.policy); err != nil {
				return err
			}
			return start()
		})
	}
	if err != nil {
		_, cleared := h.clear()
		h.giveBack(cleared)
		return err
	}
	c.holder = h
	return nil
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
// for the command itself (see WaitLeft).
func Wait(cmd *exec.Cmd) error {
	_, err := WaitLeft(cmd)
	return err
}

// WaitLeft waits for cmd, started by Launch, and returns what cmd.Wait
// would for the command itself, and what the command left running in its
// sandbox, which the sandbox killed: for one in a holder, cmd.Wait's own,
// once the holder has cleared its namespace (waitHeld); for another one
// Prepare made, the status its init relayed (an error holding it, which
// exitstatus reads). An init that ended without relaying one, killed by a
// timeout or by the case, gives its own status, which says so.
func WaitLeft(cmd *exec.Cmd) ([]Leftover, error) {
	if cmd.Process != nil {
		awaitExit(cmd.Process.Pid)
	}
	v, ok := children.LoadAndDelete(cmd)
	if !ok {
		return nil, cmd.Wait()
	}
	c := v.(*child)
	defer unconfined(c.close)
	if c.holder != nil {
		return c.waitHeld(cmd)
	}
	err := cmd.Wait()
	msg, rerr := io.ReadAll(io.LimitReader(c.report, 64<<10))
	switch {
	case rerr == nil && len(msg) >= 5 && msg[0] == 'S':
		left, _ := decodeLeftovers(msg[5:])
		ws := syscall.WaitStatus(binary.LittleEndian.Uint32(msg[1:]))
		if ws.Exited() && ws.ExitStatus() == 0 {
			return left, nil
		}
		return left, &Ended{Status: ws}
	case rerr == nil && len(msg) > 0 && msg[0] == 'E':
		return nil, &InitError{Msg: string(msg[1:])}
	case err == nil:
		return nil, &InitError{Msg: "its init process exited without saying how the command ended"}
	}
	return nil, fmt.Errorf("the sandbox's init process ended before the command did: %w", err)
}

// waitHeld waits for a command in a holder: once it has exited, and
// before it is reaped, the holder clears its namespace, so that nothing
// the command left holds its output open or meets the next command. A
// namespace that holds nothing but the command needs no clearing
// (holder.emptyBut), which spares the round trip to the holder.
func (c *child) waitHeld(cmd *exec.Cmd) ([]Leftover, error) {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err != unix.EINTR {
			break
		}
	}
	var left []Leftover
	cleared := c.holder.emptyBut(c.cgroups != nil)
	if !cleared {
		left, cleared = c.holder.clear()
	}
	err := cmd.Wait()
	c.holder.giveBack(cleared)
	if !cleared && err != nil {
		// The holder's end took its namespace, and the command, with it.
		return left, fmt.Errorf("the sandbox's holder ended before the command did: %w", err)
	}
	return left, err
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
	if holdersJoinable() {
		return probeHeld(cmd, p)
	}
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

// probeHeld is ProbeChild for root: it lends a holder, and enters it and
// its cgroup as a command would, starting nothing.
func probeHeld(cmd *exec.Cmd, p Policy) error {
	if err := prepareHeld(cmd, p); err != nil {
		return err
	}
	v, _ := children.LoadAndDelete(cmd)
	c := v.(*child)
	var err error
	unconfined(func() {
		if err = c.startHeld(func() error { return nil }, cmd); err == nil {
			c.holder.giveBack(true)
		}
		c.close()
	})
	if err != nil {
		return fmt.Errorf("a sandbox's holder failed: %w", err)
	}
	return nil
}
