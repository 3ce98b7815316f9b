//go:build linux && (amd64 || arm64)

package confine

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Root is exempt from RLIMIT_NPROC (the kernel lets uid 0 fork past it),
// so a sandbox run by root is held to its process limit by a pids cgroup
// of its own, beneath cleanexit's: pids.max counts every process in it,
// whichever user or namespace. Other users get RLIMIT_NPROC, which counts
// a user's processes in one user namespace (Linux 5.14), the sandbox's.
//
// A sandbox is born in its cgroup, never moved there: moving a process
// into a cgroup waits for an RCU grace period (cgroup_threadgroup_rwsem),
// 12 ms on a 2-core machine, most of a trivial run's budget. In cgroup v2,
// clone3's CLONE_INTO_CGROUP does it; in v1, which moves threads one by
// one, a thread of cleanexit's is moved into the next sandbox's cgroup
// ahead of time (a spare launcher), and forks the sandbox from there.

// A pidsHierarchy is where sandboxes' pids cgroups are made: cleanexit's
// own pids cgroup.
type pidsHierarchy struct {
	dir string
	v1  bool // the v1 pids hierarchy, whose threads move alone; else cgroup v2
}

// pidsCgroups is the pids hierarchy a sandbox's cgroup is made in:
// cleanexit's own cgroup in the v1 pids hierarchy, or in the unified one
// where its parent delegates pids. ok is false for a user other than
// root, who does not need one.
func pidsCgroups() (h *pidsHierarchy, ok bool) {
	if os.Geteuid() != 0 {
		return nil, false
	}
	h = ownPidsCgroup()
	return h, h != nil
}

var ownPidsCgroup = sync.OnceValue(func() *pidsHierarchy {
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return nil
	}
	defer f.Close()
	var unified string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// hierarchy-ID:controllers:path
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			if c == "pids" {
				dir := filepath.Join("/sys/fs/cgroup/pids", parts[2])
				if _, err := os.Stat(filepath.Join(dir, "tasks")); err == nil {
					removeStale(dir)
					return &pidsHierarchy{dir: dir, v1: true}
				}
			}
		}
		if parts[0] == "0" && parts[1] == "" {
			unified = parts[2]
		}
	}
	if unified != "" {
		dir := filepath.Join("/sys/fs/cgroup", unified)
		if b, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control")); err == nil && hasWord(string(b), "pids") {
			removeStale(dir)
			return &pidsHierarchy{dir: dir}
		}
	}
	return nil
})

func hasWord(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if f == w {
			return true
		}
	}
	return false
}

// cgroupPrefix names a sandbox's cgroup, with cleanexit's pid and a
// sequence number after it.
const cgroupPrefix = "cleanexit-"

// cgroupSeq tells apart the cgroups of one cleanexit's sandboxes.
var cgroupSeq atomic.Int64

// newCgroup makes a pids cgroup beneath parent that holds at most max
// processes.
func newCgroup(parent string, max int) (string, error) {
	dir := filepath.Join(parent, fmt.Sprintf("%s%d-%d", cgroupPrefix, os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", fmt.Errorf("sandbox: a process limit needs a pids cgroup: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(max)), 0); err != nil {
		removeCgroup(dir)
		return "", fmt.Errorf("sandbox: setting the process limit: %w", err)
	}
	return dir, nil
}

// removals are the cgroups being removed behind the runs that used them:
// ReleaseLaunchers waits for them, so one is added before it is called,
// never beside it.
var removals sync.WaitGroup

// removeCgroupLater removes a sandbox's cgroup without holding up its
// caller: its last processes go a moment after the init's wait, and
// waiting for them cost a run about a millisecond.
func removeCgroupLater(dir string) {
	removals.Add(1)
	go removeCounted(dir)
}

// removeCounted removes a cgroup already counted in removals.
func removeCounted(dir string) {
	defer removals.Done()
	removeCgroup(dir)
}

// removeCgroup removes a sandbox's cgroup once its processes are gone;
// the kernel lets the last of them go a moment after its parent's wait.
func removeCgroup(dir string) {
	for i := 0; i < 200; i++ {
		err := syscall.Rmdir(dir)
		if err == nil || !errors.Is(err, syscall.EBUSY) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// removeStale removes the empty cgroups a cleanexit that was killed left
// beneath dir (those of a process that no longer runs).
func removeStale(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, cgroupPrefix+"*"))
	for _, name := range names {
		pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(name), cgroupPrefix), "-")
		if _, err := os.Stat("/proc/" + pid); errors.Is(err, os.ErrNotExist) {
			syscall.Rmdir(name)
		}
	}
}

// startIn runs start, which starts cmd, so that cmd is born in a new
// pids cgroup beneath h that holds at most max processes, and returns the
// cgroup. start runs on a thread of its own, locked to its goroutine and
// ended with it, so it may change its thread for good (holder.enter).
func (h *pidsHierarchy) startIn(cmd *exec.Cmd, max int, start func() error) (string, error) {
	if h.v1 {
		l := takeLauncher(h.dir, max)
		if l.err != nil {
			return "", l.err
		}
		return l.cgroup, l.do(start)
	}
	dir, err := newCgroup(h.dir, max)
	if err != nil {
		return "", err
	}
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		removeCgroup(dir)
		return "", fmt.Errorf("sandbox: %w", err)
	}
	defer unix.Close(fd)
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, fd
	return dir, onOwnThread(start)
}

// A launcher is an OS thread of cleanexit's, locked to its goroutine and
// already in a pids cgroup of its own (v1), waiting to fork a sandbox
// there; the thread ends once it has, or once it has waited spareIdle
// for one, and its cgroup is removed with its last process.
type launcher struct {
	cgroup string
	err    error
	run    chan func() error
	done   chan error
}

// spareLaunchers is how many launchers wait ahead of the sandboxes: two
// per run that may start at once, on a small machine. A spare takes a
// grace period to make, about as long as a trivial run; with one per run,
// 8 of a session's 50 sandboxes (-j 2) found none and waited for a new
// one, up to 11 ms, where with two none did.
const spareLaunchers = 4

// spareIdle is how long a spare launcher waits for a sandbox.
const spareIdle = 10 * time.Second

var spares struct {
	sync.Mutex
	ready   map[int][]*launcher // by pids.max
	pending map[int]int         // being made
	making  sync.WaitGroup      // the pending
}

// takeLauncher is a launcher whose cgroup holds max processes: a spare
// where one is ready, else a new one; a new spare is made behind it.
func takeLauncher(parent string, max int) *launcher {
	spares.Lock()
	if spares.ready == nil {
		spares.ready, spares.pending = map[int][]*launcher{}, map[int]int{}
	}
	var l *launcher
	if ready := spares.ready[max]; len(ready) > 0 {
		l, spares.ready[max] = ready[0], ready[1:]
	}
	for n := len(spares.ready[max]) + spares.pending[max]; n < spareLaunchers; n++ {
		spares.pending[max]++
		spares.making.Add(1)
		go func() {
			defer spares.making.Done()
			s := newLauncher(parent, max, true)
			spares.Lock()
			spares.pending[max]--
			if s.err == nil {
				spares.ready[max] = append(spares.ready[max], s)
			}
			spares.Unlock()
		}()
	}
	spares.Unlock()
	if l == nil {
		l = newLauncher(parent, max, false)
	}
	return l
}

// newLauncher starts a launcher and returns it once its thread is in its
// cgroup. A spare gives up after spareIdle, unless taken by then.
func newLauncher(parent string, max int, spare bool) *launcher {
	l := &launcher{run: make(chan func() error), done: make(chan error, 1)}
	ready := make(chan struct{})
	go l.serve(parent, max, spare, ready)
	<-ready
	return l
}

// serve is the launcher's goroutine: it moves its thread, never the main
// one (whose cgroup every fork of the Go runtime would otherwise share),
// into a new cgroup, and runs the one start it is given there.
func (l *launcher) serve(parent string, max int, spare bool, ready chan<- struct{}) {
	runtime.LockOSThread()
	if unix.Gettid() == unix.Getpid() {
		go l.serve(parent, max, spare, ready)
		// The main thread is given back as it was; the next goroutine
		// cannot run on it while this one holds it.
		runtime.UnlockOSThread()
		return
	}
	// Never unlocked: the thread, in the sandbox's cgroup, ends with
	// this goroutine and serves no other.
	l.cgroup, l.err = newCgroup(parent, max)
	if l.err == nil {
		if err := os.WriteFile(filepath.Join(l.cgroup, "tasks"), []byte(strconv.Itoa(unix.Gettid())), 0); err != nil {
			l.err = fmt.Errorf("sandbox: moving a thread into its pids cgroup: %w", err)
			removeCgroupLater(l.cgroup) // once this thread has left it
		}
	}
	close(ready)
	if l.err != nil {
		return
	}
	var idle <-chan time.Time
	if spare {
		idle = time.After(spareIdle)
	}
	for {
		select {
		case f := <-l.run:
			if f == nil { // ReleaseLaunchers
				l.done <- nil
				return
			}
			l.done <- f()
			return
		case <-idle:
			spares.Lock()
			taken := true
			ready := spares.ready[max]
			for i, s := range ready {
				if s == l {
					spares.ready[max], taken = append(ready[:i:i], ready[i+1:]...), false
					// Counted under the lock: a ReleaseLaunchers after
					// it waits for the removal; one before it took l.
					removals.Add(1)
					break
				}
			}
			spares.Unlock()
			if !taken {
				go removeCounted(l.cgroup) // once this thread has left it
				return
			}
			idle = nil // taken in the meantime: its start is coming
		}
	}
}

// do runs start on the launcher's thread, so that what it forks is born
// in the launcher's cgroup.
func (l *launcher) do(start func() error) error {
	l.run <- start
	return <-l.done
}

// ReleaseLaunchers ends the idle holders and the spare launchers, removes
// the launchers' cgroups, and waits for those of ended sandboxes to go,
// for a caller that starts no more sandboxes for now (a session's end):
// a holder or an empty cgroup would outlive the session. A later Launch
// makes new ones.
func ReleaseLaunchers() {
	releaseHolders()
	spares.making.Wait()
	spares.Lock()
	var all []*launcher
	for max, ready := range spares.ready {
		all = append(all, ready...)
		delete(spares.ready, max)
	}
	spares.Unlock()
	for _, l := range all {
		l.do(nil)
		removeCgroupLater(l.cgroup)
	}
	removals.Wait()
}

// errRootNeedsCgroup is why root's sandbox cannot have a process limit.
var errRootNeedsCgroup = errors.New("sandbox: as root, the process limit needs a writable pids cgroup (the cgroup v1 pids hierarchy, or pids in cleanexit's cgroup.subtree_control in cgroup v2), and this machine has none")
