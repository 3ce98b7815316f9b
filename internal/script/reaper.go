package script

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Every process a run starts ends with the run. The interpreter's own
// process group covers the common case (see runGrouped); what leaves the
// group, a child in a session of its own, a setsid double-fork, a shell's
// detached `&` job, or a plain `exec` command, is found by the run's
// marker: the variable runMarkerVar, set in the script's environment, is
// inherited by everything the run starts. On Linux cleanexit is a child
// subreaper, so a process whose parent died stays below cleanexit and is
// found even when it cleared its environment and detached. Elsewhere only
// the process groups and the marker are used: see reaper_other.go.
//
// The reaper does four things:
//   - past the case's timeout (plus the interpreter's own grace), it kills
//     any process of the run still running, so `exec sleep 30` under
//     `timeout: 5s` is a TIMEOUT, not a PASS 30 s later; and a detached
//     tree whose members are each young, a fork-and-exit chain, is timed
//     as one (see detachedClock), and killed whole;
//   - it reaps the orphans adopted as they exit (see reapOrphans), so that
//     a chain's zombies do not pile up until the host runs out of PIDs;
//   - on Ctrl-C it kills every process of the run, so that a script's
//     command returns at once and the run ends;
//   - when the script has ended, it kills what is left and says so.
const runMarkerVar = "CLEANEXIT_RUN"

// buildMarkerSuffix marks the processes build-ext starts: a compiler may
// take longer than a case's timeout, and is not the case's to bound.
const buildMarkerSuffix = "+build"

// A process is one entry of the process table, as far as the reaper cares.
type process struct {
	pid, ppid, sid int
	zombie         bool
	age            time.Duration
	name           string
	untimed        bool // started by build-ext: no timeout applies
	// detached: it, or the topmost process of the run above it, is an
	// orphan: a child of cleanexit's that no exec.Cmd started (adopted
	// by the subreaper), or a child of a process outside the run.
	detached bool
	// env is the process's environment, where it was read with its
	// stat (envRead, see readDescendants).
	env     string
	envRead bool
	// inSandbox: a process its sandbox killed once the command that
	// left it had ended (confine.Leftover); pid is the sandbox's.
	inSandbox bool
}

func (p process) String() string {
	if p.inSandbox {
		return fmt.Sprintf("%s (pid %d in its sandbox)", p.name, p.pid)
	}
	return fmt.Sprintf("%s (pid %d)", p.name, p.pid)
}

var runCounter atomic.Int64

// newRunMarker names one run uniquely among every cleanexit running here.
func newRunMarker() string {
	return markerPrefix() + "." + strconv.FormatInt(runCounter.Add(1), 10)
}

// markerPrefix begins every run marker of this process: its pid, and a
// random word, so that a process that takes the pid of a dead cleanexit
// has other markers than the ones its watchdog kills.
var markerPrefix = sync.OnceValue(func() string {
	var b [4]byte
	rand.Read(b[:])
	return strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b[:])
})

// interpreters are the interpreters running now, by pid, each with its
// run's marker. A sweep leaves another run's interpreter unread, and
// everything below it: a process changes parent only to be adopted by an
// ancestor (a subreaper, init), so no process of one run can come to be
// below another run's interpreter. With -j 2 that is every sweep's other
// process tree.
var interpreters struct {
	mu  sync.Mutex
	pid map[int]string
}

// runningInterpreter records pid as an interpreter of the run marked
// marker, until done is called, once it has been waited for (a pid is
// free to be used again from then on).
func runningInterpreter(pid int, marker string) (done func()) {
	interpreters.mu.Lock()
	defer interpreters.mu.Unlock()
	if interpreters.pid == nil {
		interpreters.pid = map[int]string{}
	}
	interpreters.pid[pid] = marker
	return func() {
		interpreters.mu.Lock()
		defer interpreters.mu.Unlock()
		delete(interpreters.pid, pid)
	}
}

// otherRunsInterpreter says whether a pid is the interpreter of a run
// other than the one marked marker.
func otherRunsInterpreter(marker string) func(pid int) bool {
	return func(pid int) bool {
		interpreters.mu.Lock()
		defer interpreters.mu.Unlock()
		m, ok := interpreters.pid[pid]
		return ok && m != marker
	}
}

// swept are the markers of the runs whose reapers are watching now.
var swept struct {
	mu      sync.Mutex
	markers map[string]bool
}

// sweeping says whether the run marked marker is still there to sweep the
// processes it marked (see runProcesses).
func sweeping(marker string) bool {
	swept.mu.Lock()
	defer swept.mu.Unlock()
	return swept.markers[marker]
}

// untimedEnviron is env with the run marker changed so that the timeout
// watch leaves the process alone; the final sweep still kills it.
func untimedEnviron(env []string) []string {
	out := make([]string, len(env))
	for i, kv := range env {
		if strings.HasPrefix(kv, runMarkerVar+"=") && !strings.HasSuffix(kv, buildMarkerSuffix) {
			kv += buildMarkerSuffix
		}
		out[i] = kv
	}
	return out
}

// reaper contains one run's processes.
type reaper struct {
	marker string
	limit  time.Duration // how old a process of the run may grow
	// detachedLimit is how long the run may have detached processes
	// without a break: the case's timeout, with no grace, since none of
	// them is an interpreter asked for its stacks.
	detachedLimit time.Duration
	stopped       chan struct{}
	done          chan struct{}

	clock    detachedClock
	timedOut atomic.Pointer[[]process] // killed by the timeout watch
}

// sweepRounds bounds the sweeps of one kill: each kills what the one
// before missed, a child forked just before its parent was killed; a
// process being killed forks no more, so a tree ends in a few rounds.
const sweepRounds = 200

// watchRun starts watching the run marked marker: past limit, a process of
// the run is killed, and past detachedLimit a detached tree of the run;
// once ctx is done, every one is, until stop is called.
func watchRun(ctx context.Context, marker string, limit, detachedLimit time.Duration) *reaper {
	r := &reaper{marker: marker, limit: limit, detachedLimit: detachedLimit, stopped: make(chan struct{}), done: make(chan struct{})}
	swept.mu.Lock()
	if swept.markers == nil {
		swept.markers = map[string]bool{}
	}
	swept.markers[marker] = true
	swept.mu.Unlock()
	go r.watch(ctx)
	return r
}

func (r *reaper) watch(ctx context.Context) {
	defer close(r.done)
	// Detached processes are timed from the first sweep that sees them,
	// so the sweeps begin with the run.
	tick := time.NewTicker(sweepInterval(r.limit))
	defer tick.Stop()
	for {
		select {
		case <-r.stopped:
			return
		case <-ctx.Done():
			for {
				killAll(runProcesses(r.marker, false), false)
				reapOrphans()
				select {
				case <-r.stopped:
					return
				case <-time.After(50 * time.Millisecond):
				}
			}
		case <-tick.C:
			reapOrphans()
			if late := r.late(runProcesses(r.marker, false), time.Now()); len(late) > 0 {
				r.killLate(late)
			}
		}
	}
}

// sweepInterval is how often the watch reads the run's processes: often
// where the subreaper keeps that to cleanexit's own tree, less so where
// it is the whole process table.
func sweepInterval(limit time.Duration) time.Duration {
	if adoptingOrphans() {
		return 100 * time.Millisecond
	}
	return min(max(limit/4, 200*time.Millisecond), time.Second)
}

// late is what of ps has outlived its limit: each process older than the
// run's limit, and every detached one once the run has had detached
// processes for longer than the case's timeout.
func (r *reaper) late(ps []process, now time.Time) []process {
	found := false
	for _, p := range ps {
		found = found || (!p.untimed && !p.zombie && p.detached)
	}
	r.clock.observe(found, now)
	over := r.clock.over(now, r.detachedLimit)
	var late []process
	for _, p := range ps {
		if !p.untimed && !p.zombie && (p.age > r.limit || (over && p.detached)) {
			late = append(late, p)
		}
	}
	return late
}

// killLate kills late and everything of the run below it, then sweeps
// again until two sweeps in a row find nothing late: a process killed as
// it forked may leave a child, which is then detached, and late too (the
// run has timed out: nothing of it detached is let live).
func (r *reaper) killLate(late []process) {
	r.clock.expire(time.Now(), r.detachedLimit)
	killed := map[int]bool{}
	var all []process
	kill := func(ps []process) {
		killAll(ps, false)
		for _, p := range ps {
			if !killed[p.pid] {
				killed[p.pid] = true
				all = append(all, p)
			}
		}
	}
	kill(late)
	for round, empty := 0, 0; round < sweepRounds && empty < 2; round++ {
		ps := runProcesses(r.marker, false)
		next := r.late(ps, time.Now())
		next = append(next, below(ps, late)...)
		if len(next) == 0 {
			empty++
			continue
		}
		empty = 0
		kill(next)
	}
	reapOrphans()
	if prev := r.timedOut.Load(); prev != nil {
		all = append(*prev, all...)
	}
	r.timedOut.Store(&all)
}

// below is what of ps is below one of roots, the processes it came from.
func below(ps, roots []process) []process {
	children := map[int][]int{}
	byPID := map[int]process{}
	for _, p := range ps {
		children[p.ppid] = append(children[p.ppid], p.pid)
		byPID[p.pid] = p
	}
	var out []process
	for _, root := range roots {
		for _, pid := range descendants(children, root.pid) {
			if p := byPID[pid]; !p.zombie && !p.untimed {
				out = append(out, p)
			}
		}
	}
	return out
}

// descendants lists what is below root, in order of depth.
func descendants(children map[int][]int, root int) []int {
	var out []int
	queue := append([]int{}, children[root]...)
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		out = append(out, pid)
		queue = append(queue, children[pid]...)
	}
	return out
}

// stop ends the watch and kills what the run left behind, returning it.
// Without sweep it only ends the watch: for a sandboxed run, each of
// whose processes ran in a PID namespace of its own, which its sandbox
// emptied, naming what it killed, before the command that made it was
// reaped (confine.WaitLeft), so that no process of the run can be left.
func (r *reaper) stop(sweep bool) (left, timedOut []process) {
	close(r.stopped)
	<-r.done
	if sweep {
		left = sweepLeft(r.marker)
	}
	swept.mu.Lock()
	delete(swept.markers, r.marker)
	swept.mu.Unlock()
	if t := r.timedOut.Load(); t != nil {
		timedOut = *t
	}
	return left, timedOut
}

// sweepLeft kills what the run marked marker left behind, its script
// ended, and returns it. A process may fork while it is being killed:
// it sweeps until two sweeps in a row find none left, the second for a
// child the first read past as it moved from its dying parent to
// cleanexit. A sweep that finds no process of the run at all, not even a
// zombie, is the last: a child moves only from a parent the sweep would
// have seen, alive or dead, and most runs leave nothing.
func sweepLeft(marker string) (left []process) {
	seen := map[int]bool{}
	for round, empty := 0, 0; round < sweepRounds && empty < 2; round++ {
		ps := runProcesses(marker, true)
		if len(ps) == 0 {
			break
		}
		var alive []process
		for _, p := range ps {
			if !p.zombie {
				alive = append(alive, p)
			}
		}
		killAll(ps, true)
		if len(alive) == 0 {
			empty++
			continue
		}
		empty = 0
		for _, p := range alive {
			if !seen[p.pid] {
				seen[p.pid] = true
				left = append(left, p)
			}
		}
	}
	reapOrphans()
	return left
}

// leftRunning is the warning for processes a run left behind.
func leftRunning(ps []process) string {
	noun := "processes"
	if len(ps) == 1 {
		noun = "process"
	}
	return fmt.Sprintf("left %d %s running; killed: %s", len(ps), noun, processNames(ps))
}

func processNames(ps []process) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	return strings.Join(s, ", ")
}
