//go:build linux && (amd64 || arm64)

package confine

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Root is exempt from RLIMIT_NPROC (the kernel lets uid 0 fork past it),
// so a sandbox run by root is held to its process limit by a pids cgroup
// of its own, beneath cleanexit's: pids.max counts every process in it,
// whichever user or namespace. Other users get RLIMIT_NPROC, which counts
// a user's processes in one user namespace (Linux 5.14), the sandbox's.

// pidsCgroups is the pids cgroup folder a sandbox's cgroup is made in:
// cleanexit's own, in the v1 pids hierarchy or in the unified one where
// its parent delegates pids. ok is false for a user other than root, who
// does not need one.
func pidsCgroups() (dir string, ok bool) {
	if os.Geteuid() != 0 {
		return "", false
	}
	return ownPidsCgroup()
}

var ownPidsCgroup = sync.OnceValues(func() (string, bool) {
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return "", false
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
				if _, err := os.Stat(filepath.Join(dir, "cgroup.procs")); err == nil {
					return dir, true
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
			return dir, true
		}
	}
	return "", false
})

func hasWord(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if f == w {
			return true
		}
	}
	return false
}

// cgroupSeq tells apart the cgroups of one cleanexit's sandboxes.
var cgroupSeq atomic.Int64

// newCgroup makes a pids cgroup beneath parent that holds at most max
// processes.
func newCgroup(parent string, max int) (string, error) {
	dir := filepath.Join(parent, fmt.Sprintf("cleanexit-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", fmt.Errorf("sandbox: a process limit needs a pids cgroup: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(max)), 0); err != nil {
		removeCgroup(dir)
		return "", fmt.Errorf("sandbox: setting the process limit: %w", err)
	}
	return dir, nil
}

// joinCgroup moves pid into the cgroup dir.
func joinCgroup(dir string, pid int) error {
	return os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0)
}

// removeCgroup removes a sandbox's cgroup once its processes are gone;
// the kernel lets the last of them go a moment after its parent's wait.
func removeCgroup(dir string) {
	for i := 0; i < 200; i++ {
		err := syscall.Rmdir(dir)
		if err == nil || errors.Is(err, syscall.ENOENT) || !errors.Is(err, syscall.EBUSY) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// errRootNeedsCgroup is why root's sandbox cannot have a process limit.
var errRootNeedsCgroup = errors.New("sandbox: as root, the process limit needs a writable pids cgroup (the cgroup v1 pids hierarchy, or pids in cleanexit's cgroup.subtree_control in cgroup v2), and this machine has none")
