package script

import (
	"os"
	"strconv"
	"strings"
	"sync/atomic"
)

// os/exec holds a pidfd for every child it started until Wait has reaped
// it: a child of cleanexit's with a pidfd in this process's descriptor
// table is one an exec.Cmd (cleanexit's, testscript's, a library host's)
// will wait for, and one without is an orphan the subreaper adopted. The
// kernel installs the pidfd before the child first runs, so a zombie
// child is never seen before its pidfd.

// pidfdsSeen is whether os/exec holds pidfds here: without them (an old
// kernel, a seccomp filter) no child carries one, and telling an orphan
// from a started child that way would steal the started child's exit
// status from its Wait.
var pidfdsSeen atomic.Bool

// probePidfds sets pidfdsSeen. os.FindProcess opens a pidfd exactly when
// os/exec would for a child it starts (both ask the runtime's one check),
// and Release closes it.
func probePidfds() {
	if pidfdsSeen.Load() {
		return
	}
	p, err := os.FindProcess(os.Getpid())
	if err != nil {
		return
	}
	defer p.Release()
	pidfdsSeen.Store(heldByPidfd()[os.Getpid()])
}

// heldByPidfd is the set of processes this process holds a pidfd for.
func heldByPidfd() map[int]bool {
	fds, err := readProcDir("/proc/self/fd")
	if err != nil {
		return nil
	}
	held := map[int]bool{}
	for _, fd := range fds {
		link, err := os.Readlink("/proc/self/fd/" + fd)
		if err != nil || link != "anon_inode:[pidfd]" {
			continue
		}
		info, err := readProc("/proc/self/fdinfo/" + fd)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(info), "\n") {
			if v, ok := strings.CutPrefix(line, "Pid:"); ok {
				if pid, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && pid > 0 {
					held[pid] = true
				}
			}
		}
	}
	return held
}

// ourChildren tells, among this process's children, the ones an exec.Cmd
// started from the orphans adopted; without pidfdsSeen it can tell
// neither for certain.
type ourChildren struct {
	held map[int]bool
	sure bool
}

func readOurChildren() ourChildren {
	if !pidfdsSeen.Load() {
		return ourChildren{}
	}
	return ourChildren{held: heldByPidfd(), sure: true}
}

// started says pid, a child of this process, is certainly one an exec.Cmd
// started and will wait for.
func (c ourChildren) started(pid int) bool { return c.sure && c.held[pid] }

// adopted says pid, a child of this process, is certainly an orphan the
// subreaper adopted, which nothing else will wait for.
func (c ourChildren) adopted(pid int) bool { return c.sure && !c.held[pid] }
