//go:build linux && (amd64 || arm64)

package confine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/cleanexit/cleanexit/internal/procstat"
	"golang.org/x/sys/unix"
)

// A holder is a sandbox kept between commands, for root, which may join
// namespaces that exist: process 1 of a PID namespace with a mount
// namespace and /proc of its own, which runs nothing itself. A command
// of root's sandbox is started by cleanexit, from a thread of its own
// that joins the holder's namespaces, makes a new IPC namespace and
// confines itself (enter), and so is cleanexit's child, whose status
// cleanexit reads itself. Making a sandbox anew per command started
// cleanexit's executable each time, and made and mounted its namespaces,
// about 4 of a sandbox's 6 ms (docs/performance.md); a holder is made
// once per command that runs at the same time, and serves one command
// at a time. When its command has exited, the holder kills everything
// left in its namespace and reaps it (clear) before cleanexit reaps the
// command, as a per-command init's exit did: no leftover of one command
// meets the next.
type holder struct {
	cmd      *exec.Cmd
	pidfd    int      // the holder's, to join its namespaces by
	control  *os.File // write end: a byte asks the holder to clear its namespace
	answers  *os.File // read end: 'R' once ready, 'D' and what it killed once cleared, 'E' and why it failed
	lifeline *os.File // write end, as shimConfig.Lifeline's

	// The pids cgroup its commands are born in, made with its first
	// command that has a process limit and kept until it ends: its
	// commands' processes are gone from it once it has cleared its
	// namespace, so one cgroup serves them all.
	cgroup   string
	cgroupFD int // cgroup v2: the cgroup, opened for clone3; else -1
	limit    int // the cgroup's pids.max
}

// holders are the idle holders, and every holder by its pid.
var holders struct {
	sync.Mutex
	idle []*holder
	all  map[int]*holder
}

// Holder says whether pid is a holder of this process's, and whether it
// is idle: lent to no command, and so with no other process in its
// namespace. A caller that looks for the processes of its runs below
// itself may pass over an idle holder, and need not ask about any holder
// (it has none of a run's environment, and is in the caller's session).
func Holder(pid int) (held, idle bool) {
	holders.Lock()
	defer holders.Unlock()
	h, ok := holders.all[pid]
	return ok, ok && slices.Contains(holders.idle, h)
}

// takeHolder lends an idle holder, or starts a new one.
func takeHolder() (*holder, error) {
	holders.Lock()
	if n := len(holders.idle); n > 0 {
		h := holders.idle[n-1]
		holders.idle = holders.idle[:n-1]
		holders.Unlock()
		return h, nil
	}
	holders.Unlock()
	return startHolder()
}

// giveBack returns a holder whose command has ended; one that could not
// clear its namespace is ended instead.
func (h *holder) giveBack(cleared bool) {
	if !cleared {
		h.end()
		return
	}
	holders.Lock()
	holders.idle = append(holders.idle, h)
	holders.Unlock()
}

// releaseHolders ends the idle holders (see ReleaseHolders).
func releaseHolders() {
	holders.Lock()
	idle := holders.idle
	holders.idle = nil
	holders.Unlock()
	for _, h := range idle {
		h.end()
	}
}

// startHolder starts cleanexit's own executable as a holder, straight
// into new PID and mount namespaces, and waits until its /proc is
// mounted. It must run on a thread that is not confined (Launch's).
func startHolder() (*holder, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("sandbox: cannot find cleanexit's own executable: %w", err)
	}
	answers, answersW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	controlR, control, err := os.Pipe()
	if err != nil {
		answers.Close()
		answersW.Close()
		return nil, err
	}
	lifelineR, lifeline, err := os.Pipe()
	if err != nil {
		for _, f := range []*os.File{answers, answersW, controlR, control} {
			f.Close()
		}
		return nil, err
	}
	b, _ := json.Marshal(shimConfig{Hold: true, Report: 3, Lifeline: 4, Control: 5})
	cmd := &exec.Cmd{
		Path: self, Args: []string{"cleanexit-sandbox-holder"},
		// Nothing of cleanexit's environment: the holder needs none.
		Env:         []string{shimVar + "=" + string(b)},
		ExtraFiles:  []*os.File{answersW, lifelineR, controlR},
		SysProcAttr: &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWPID | syscall.CLONE_NEWNS},
	}
	err = cmd.Start()
	for _, f := range []*os.File{answersW, lifelineR, controlR} {
		f.Close()
	}
	h := &holder{cmd: cmd, pidfd: -1, control: control, answers: answers, lifeline: lifeline, cgroupFD: -1}
	if err != nil {
		h.closeFiles()
		return nil, fmt.Errorf("sandbox: cannot start a holder of namespaces (PID and mount): %w", err)
	}
	if err := h.expect('R'); err != nil {
		h.end()
		return nil, err
	}
	if h.pidfd, err = unix.PidfdOpen(cmd.Process.Pid, unix.PIDFD_NONBLOCK); err != nil {
		h.end()
		return nil, fmt.Errorf("sandbox: pidfd_open of a holder: %w", err)
	}
	unix.CloseOnExec(h.pidfd)
	holders.Lock()
	if holders.all == nil {
		holders.all = map[int]*holder{}
	}
	holders.all[cmd.Process.Pid] = h
	holders.Unlock()
	return h, nil
}

// expect reads the holder's next answer, which must be want.
func (h *holder) expect(want byte) error {
	var answer [1]byte
	n, _ := h.answers.Read(answer[:])
	switch {
	case n == 1 && answer[0] == want:
		return nil
	case n == 1 && answer[0] == 'E':
		msg := make([]byte, 64<<10)
		m, _ := h.answers.Read(msg)
		return &InitError{Msg: string(msg[:m])}
	}
	return &InitError{Msg: "a holder of namespaces ended unexpectedly"}
}

// clear asks the holder to kill and reap what is left in its namespace,
// and waits until it has; it returns what was left running.
func (h *holder) clear() (left []Leftover, ok bool) {
	if _, err := h.control.Write([]byte{'K'}); err != nil {
		return nil, false
	}
	if h.expect('D') != nil {
		return nil, false
	}
	var size [4]byte
	if _, err := io.ReadFull(h.answers, size[:]); err != nil {
		return nil, false
	}
	msg := make([]byte, 4+binary.LittleEndian.Uint32(size[:]))
	copy(msg, size[:])
	if _, err := io.ReadFull(h.answers, msg[4:]); err != nil {
		return nil, false
	}
	return decodeLeftovers(msg)
}

// emptyBut says whether the holder still runs and its namespace holds no
// process but its exited command, without asking the holder: where the
// command was born in the holder's cgroup, everything it started was
// too, and the cgroup counts each process from its fork to its reaping,
// the exited command included. A count above one (a process left, a
// zombie the holder has yet to reap, the starting thread of cleanexit's
// that has not yet ended) leaves the clearing to the holder, and so does
// a holder that is ending, as its stat says. A killed holder kills its
// namespace's processes once every one of its threads is exiting, but
// its descriptors may close after that, and it does not finish exiting
// until cleanexit reaps the command: neither its answers pipe nor its
// pidfd says so in time (a pipe still open let TestHolderEndsItsCommand
// lend a dead holder again, 2 times in 300).
func (h *holder) emptyBut(limited bool) bool {
	if !limited || h.cgroup == "" {
		return false
	}
	var buf [512]byte
	count, err := readSmall(filepath.Join(h.cgroup, "pids.current"), buf[:])
	if err != nil || strings.TrimSpace(count) != "1" {
		return false
	}
	stat, err := readSmall("/proc/"+strconv.Itoa(h.cmd.Process.Pid)+"/stat", buf[:])
	if err != nil {
		return false
	}
	st, ok := procstat.Parse(stat)
	return ok && !st.Ended
}

// end ends the holder, and with it what is left in its namespace, and
// removes its cgroup.
func (h *holder) end() {
	h.closeFiles()
	if h.cmd.Process != nil {
		holders.Lock()
		delete(holders.all, h.cmd.Process.Pid)
		holders.Unlock()
		h.cmd.Process.Kill()
		h.cmd.Wait()
	}
	if h.cgroup != "" {
		removeCgroupLater(h.cgroup)
		h.cgroup = ""
	}
}

func (h *holder) closeFiles() {
	for _, f := range []*os.File{h.control, h.answers, h.lifeline} {
		f.Close()
	}
	for _, fd := range []*int{&h.pidfd, &h.cgroupFD} {
		if *fd >= 0 {
			unix.Close(*fd)
			*fd = -1
		}
	}
}

// limitProcesses makes cmd, to be started in the holder, be born in the
// holder's pids cgroup beneath hier, holding at most max processes: in
// cgroup v2 by clone3, in v1 by the starting thread's joining it
// (joinLimited). It makes the cgroup with the first command that asks.
func (h *holder) limitProcesses(hier *pidsHierarchy, max int, cmd *exec.Cmd) error {
	if h.cgroup == "" {
		dir, err := newCgroup(hier.dir, max)
		if err != nil {
			return err
		}
		if !hier.v1 {
			if h.cgroupFD, err = openCgroup(dir); err != nil {
				removeCgroup(dir)
				return err
			}
		}
		h.cgroup, h.limit = dir, max
	}
	if h.limit != max {
		if err := limitCgroup(h.cgroup, max); err != nil {
			return err
		}
		h.limit = max
	}
	if h.cgroupFD >= 0 {
		bornIn(cmd, h.cgroupFD)
	}
	return nil
}

// joinLimited moves the calling thread, which starts a command that
// limitProcesses prepared, into the holder's v1 cgroup; in v2, clone3
// puts the command there itself.
func (h *holder) joinLimited() error {
	if h.cgroup == "" || h.cgroupFD >= 0 {
		return nil
	}
	return joinCgroup(h.cgroup)
}

// enter moves the calling thread into the holder's PID (for what it
// starts) and mount namespaces, and into an IPC namespace of its own,
// keeps its working folder, and confines it by p. The thread must be
// locked to its goroutine and never serve another: it ends with it.
func (h *holder) enter(p Policy) error {
	if err := undumpable(); err != nil {
		return err
	}
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	// A mount namespace is joined by a thread that shares its root and
	// working folder with no other.
	if err := unix.Unshare(unix.CLONE_FS | unix.CLONE_NEWIPC); err != nil {
		return fmt.Errorf("sandbox: a thread's own IPC namespace: %w", err)
	}
	if err := unix.Setns(h.pidfd, unix.CLONE_NEWPID|unix.CLONE_NEWNS); err != nil {
		return fmt.Errorf("sandbox: joining a holder's namespaces: %w", err)
	}
	// Joining a mount namespace moves the thread to its root.
	if err := unix.Chdir(wd); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	return confineSelf(p)
}

// onOwnThread runs f on a goroutine locked to an OS thread that is not
// the main one and ends with it, for f that changes its thread for good.
func onOwnThread(f func() error) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if unix.Gettid() == unix.Getpid() {
			// While this goroutine holds the main thread, the next one
			// cannot run on it; the main thread is then given back.
			done <- onOwnThread(f)
			runtime.UnlockOSThread()
			return
		}
		// Never unlocked: the thread ends with this goroutine.
		done <- f()
	}()
	return <-done
}

// runHolder is a holder's side (see holder): it mounts its /proc, says
// it is ready, and clears its namespace when asked, until the control
// pipe closes. It reaps orphans as they come, and ignores the signals a
// process of its namespace may send it where Landlock does not scope
// signals (before Linux 6.12): a PID namespace's process 1 gets only
// those it has a handler for, and the Go runtime has one for SIGTERM and
// its kind, and for SIGABRT, SIGTRAP and SIGSYS, and dies of them. Its
// death would end its command's sandbox alone, as an init's did.
func runHolder(cfg shimConfig, answers *os.File, fail func(string, ...any) int) int {
	if err := undumpable(); err != nil {
		return fail("%v", err)
	}
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_SLAVE, ""); err != nil {
		return fail("making the sandbox's mounts slaves of the machine's: %v", err)
	}
	if err := mountProc(); err != nil {
		return fail("%v", err)
	}
	signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGPIPE, syscall.SIGALRM,
		syscall.SIGABRT, syscall.SIGTRAP, syscall.SIGSYS)
	syscall.CloseOnExec(cfg.Control)
	control := os.NewFile(uintptr(cfg.Control), "control")
	sigchld := make(chan os.Signal, 1)
	signal.Notify(sigchld, syscall.SIGCHLD)
	go func() {
		for range sigchld {
			reapExited()
		}
	}()
	if _, err := answers.Write([]byte{'R'}); err != nil {
		return 125
	}
	buf := make([]byte, 1)
	for {
		if n, _ := control.Read(buf); n == 0 {
			return 0
		}
		left := leftInNamespace(heldCommandsGroup)
		clearNamespace()
		if _, err := answers.Write(append([]byte{'D'}, encodeLeftovers(left)...)); err != nil {
			return 125
		}
	}
}

// clearNamespace kills every other process of the holder's PID namespace
// and waits until none is left. One kill(-1) from process 1 reaches them
// all: a fork it meets fails, for its parent is being killed. Each
// process left is the holder's, or reparented to it as its parent dies,
// but the command, cleanexit's child, which has exited by then.
func clearNamespace() {
	unix.Kill(-1, unix.SIGKILL)
	for reapOne() {
	}
}

// reapOne waits for a child of the holder's, and says whether there was one.
func reapOne() bool {
	for {
		_, err := unix.Wait4(-1, nil, 0, nil)
		if err != unix.EINTR {
			return err == nil
		}
	}
}

// reapExited reaps the holder's children that have exited, without
// waiting for those that have not.
func reapExited() {
	for {
		pid, err := unix.Wait4(-1, nil, unix.WNOHANG, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil || pid == 0 {
			return
		}
	}
}
