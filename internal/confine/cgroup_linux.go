//go:build linux && (amd64 || arm64)

package confine

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// A sandbox is born in its cgroup, never moved there. In cgroup v2,
// clone3's CLONE_INTO_CGROUP does it; in v1, which moves threads one by
// one, the thread of cleanexit's that forks the sandbox moves itself
// there first, by writing 0 to the cgroup's tasks file. Moving a thread
// named by its ID takes the kernel's global cgroup_threadgroup_rwsem,
// whose write side waits for an RCU grace period: 8 to 19 ms on Linux
// 6.18 here, more than a trivial run. Pid 0 moves the calling thread
// alone, which the kernel does without that lock: 70 to 85 µs.

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
	if err := limitCgroup(dir, max); err != nil {
		removeCgroup(dir)
		return "", err
	}
	return dir, nil
}

// limitCgroup sets the process limit of the cgroup dir.
func limitCgroup(dir string, max int) error {
	if err := writeCgroupFile(filepath.Join(dir, "pids.max"), strconv.Itoa(max)); err != nil {
		return fmt.Errorf("sandbox: setting the process limit: %w", err)
	}
	return nil
}

// joinCgroup moves the calling thread, which must be locked to its
// goroutine, into the v1 cgroup dir, by pid 0 (see above).
func joinCgroup(dir string) error {
	if err := writeCgroupFile(filepath.Join(dir, "tasks"), "0"); err != nil {
		return fmt.Errorf("sandbox: moving a thread into its pids cgroup: %w", err)
	}
	return nil
}

// writeCgroupFile writes s to a cgroup's file by plain system calls: an
// os.File would offer it to the poller first, which refuses it.
func writeCgroupFile(path, s string) error {
	fd, err := unix.Open(path, unix.O_WRONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	_, err = unix.Write(fd, []byte(s))
	if cerr := unix.Close(fd); err == nil {
		err = cerr
	}
	return err
}

// readSmall reads the start of a small file (a cgroup's, /proc's) by
// plain system calls, up to len(buf) bytes into buf: an os.File would
// offer it to the poller first, which refuses it.
func readSmall(path string, buf []byte) (string, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return "", err
	}
	defer unix.Close(fd)
	n, err := unix.Read(fd, buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

// removals are the cgroups being removed behind the runs that used them:
// ReleaseHolders waits for them, so one is added before it is called,
// never beside it.
var removals sync.WaitGroup

// removeCgroupLater removes a sandbox's cgroup without holding up its
// caller: its last processes go a moment after their parent's wait, and
// waiting for them cost a run about a millisecond.
func removeCgroupLater(dir string) {
	removals.Add(1)
	go func() {
		defer removals.Done()
		removeCgroup(dir)
	}()
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
// ended with it, so it may change its thread for good.
func (h *pidsHierarchy) startIn(cmd *exec.Cmd, max int, start func() error) (string, error) {
	dir, err := newCgroup(h.dir, max)
	if err != nil {
		return "", err
	}
	if h.v1 {
		return dir, onOwnThread(func() error {
			if err := joinCgroup(dir); err != nil {
				return err
			}
			return start()
		})
	}
	fd, err := openCgroup(dir)
	if err != nil {
		removeCgroup(dir)
		return "", err
	}
	defer unix.Close(fd)
	bornIn(cmd, fd)
	return dir, onOwnThread(start)
}

// openCgroup opens a v2 cgroup for clone3's CLONE_INTO_CGROUP.
func openCgroup(dir string) (int, error) {
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, fmt.Errorf("sandbox: %w", err)
	}
	return fd, nil
}

// bornIn makes cmd start in the v2 cgroup fd.
func bornIn(cmd *exec.Cmd, fd int) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, fd
}

// ReleaseHolders ends the idle holders and removes their cgroups, and
// waits for the cgroups of ended sandboxes to go, for a caller that
// starts no more sandboxes for now (a session's end): a holder or an
// empty cgroup would outlive the session. A later Launch makes new ones.
func ReleaseHolders() {
	releaseHolders()
	removals.Wait()
}

// errRootNeedsCgroup is why root's sandbox cannot have a process limit.
var errRootNeedsCgroup = errors.New("sandbox: as root, the process limit needs a writable pids cgroup (the cgroup v1 pids hierarchy, or pids in cleanexit's cgroup.subtree_control in cgroup v2), and this machine has none")
