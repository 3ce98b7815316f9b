package script

import (
	"strconv"
	"sync"
	"syscall"
)

// reaping keeps two runs' watches from reaping at once: the second could
// wait for a PID the first has just freed and the kernel given again.
var reaping sync.Mutex

// reapOrphans reaps the zombies among cleanexit's children that the
// subreaper adopted, as the run goes: a fork-and-exit chain leaves one a
// generation, thousands a second, and each holds a PID until reaped.
// A child an exec.Cmd started is left to its Wait, which would fail if
// its status were taken here; where that cannot be told (no pidfds),
// nothing is reaped before the run's end.
func reapOrphans() {
	if !subreaper.ok.Load() || !pidfdsSeen.Load() {
		return
	}
	reaping.Lock()
	defer reaping.Unlock()
	kids, _ := adoptedChildren()
	var zombies []int
	for _, pid := range kids {
		if isHolder(pid) { // a sandbox's, which its exec.Cmd waits for
			continue
		}
		b, err := readProc("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			continue
		}
		if p, ok := parseStat(string(b)); ok && p.zombie {
			zombies = append(zombies, pid)
		}
	}
	if len(zombies) == 0 {
		return
	}
	ours := readOurChildren()
	for _, pid := range zombies {
		if ours.adopted(pid) {
			var ws syscall.WaitStatus
			syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		}
	}
}
