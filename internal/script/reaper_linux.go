package script

import (
	"bytes"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/procstat"
)

// subreaper is whether this process adopts its descendants' orphans, and
// who asked (AdoptOrphans).
var subreaper struct {
	mu    sync.Mutex
	users int
	was   bool // the process was a subreaper already: it stays one
	ok    atomic.Bool
}

const (
	prSetChildSubreaper = 36
	prGetChildSubreaper = 37
)

// AdoptOrphans makes this process the child subreaper of everything it
// starts, until every caller has called the stop it returns: a process
// whose parent dies is reparented here, not to init, so that a case's
// process that detached stays findable, and is killed when its run ends.
// It is process-wide, so only a program's main, or a caller that starts
// its children through os/exec, may ask: an orphan adopted is reaped as
// it exits, and a child that no exec.Cmd waits for (syscall.ForkExec) is
// taken for one.
func AdoptOrphans() (stop func()) {
	subreaper.mu.Lock()
	defer subreaper.mu.Unlock()
	if subreaper.users == 0 {
		var on int32
		syscall.RawSyscall(syscall.SYS_PRCTL, prGetChildSubreaper, uintptr(unsafe.Pointer(&on)), 0)
		subreaper.was = on != 0
		_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
		subreaper.ok.Store(errno == 0)
		probePidfds()
	}
	subreaper.users++
	var once sync.Once
	return func() {
		once.Do(func() {
			subreaper.mu.Lock()
			defer subreaper.mu.Unlock()
			if subreaper.users--; subreaper.users == 0 {
				subreaper.ok.Store(false)
				if !subreaper.was {
					syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 0, 0)
				}
			}
		})
	}
}

// adoptingOrphans is whether this process is the subreaper now.
func adoptingOrphans() bool { return subreaper.ok.Load() }

// clockTicks is USER_HZ, the unit of /proc/PID/stat's start time: 100 on
// every Linux architecture Go supports.
const clockTicks = 100

// runProcesses lists the processes of the run marked marker: those whose
// environment carries the marker, and everything below them. After the
// run's script has ended (afterScript), it adds processes that were
// reparented to cleanexit from a session of their own: cleanexit starts
// none itself, so they can only be a case's (a child an exec.Cmd holds, a
// library host's own, is not taken: see ourChildren). One marked for
// another run is left to it while that run is still there to sweep it; a
// marker of a run that has ended, or of none, a case may have written
// itself. It leaves their ages unread, which only the timeout watch
// needs, and says of each whether it is detached (see detachedIn).
func runProcesses(marker string, afterScript bool) []process {
	self := os.Getpid()
	// With the subreaper, every process of ours is below us, and only
	// that tree is read: the whole table costs a read per process of the
	// machine, milliseconds a run on a busy one.
	var table []process
	if subreaper.ok.Load() {
		others := otherRunsInterpreter(marker)
		// After the script, every process it started has been waited
		// for: what is left of the run hangs below the orphans cleanexit
		// adopted, which are its main thread's children (see
		// adoptedChildren).
		roots := cleanexitsChildren
		if afterScript {
			roots = adoptedChildren
		}
		table = readDescendants(roots, !afterScript, func(pid int) bool { return others(pid) || idleHolder(pid) })
	}
	if table == nil {
		table = readProcessTable()
	}
	byPID := make(map[int]*process, len(table))
	children := map[int][]int{}
	for i := range table {
		p := &table[i]
		byPID[p.pid] = p
		children[p.ppid] = append(children[p.ppid], p.pid)
	}
	// Read after the table: a child listed there was started, if it was,
	// before this read, and holds its pidfd by now. Every question below
	// is about a child of cleanexit's but a sandbox's holder: where the
	// table lists none, as in most final sweeps, the descriptors are not
	// read.
	var ours ourChildren
	if slices.ContainsFunc(table, func(p process) bool { return p.ppid == self && !isHolder(p.pid) }) {
		ours = readOurChildren()
	}
	selfSID := ourSession()
	// With the subreaper, every process of ours is below us; without it,
	// escapees went to init, and the whole table is searched.
	var candidates []int
	if subreaper.ok.Load() {
		candidates = descendants(children, self)
	} else {
		for _, p := range table {
			if p.pid != self {
				candidates = append(candidates, p.pid)
			}
		}
	}
	in := map[int]bool{}
	var roots []int
	for _, pid := range candidates {
		p := byPID[pid]
		if p == nil || p.zombie {
			// A zombie's environment cannot be read; one reparented to
			// us from a session of its own is ours to reap.
			if p != nil && afterScript && subreaper.ok.Load() && p.ppid == self && p.sid != selfSID && !ours.started(pid) {
				in[pid] = true
			}
			continue
		}
		env := []byte(p.env)
		if !p.envRead {
			var err error
			var dying bool
			if env, dying, err = readEnviron("/proc/" + strconv.Itoa(pid)); err != nil {
				continue
			}
			if dying {
				if afterScript && subreaper.ok.Load() && p.ppid == self && p.sid != selfSID && !ours.started(pid) {
					p.zombie, in[pid] = true, true
				}
				continue
			}
		}
		// A NUL before the first variable lets markerIn find it as it
		// finds the others.
		m, marked := markerIn(append([]byte{0}, env...))
		run, untimed := strings.CutSuffix(m, buildMarkerSuffix)
		switch {
		case marked && run == marker:
			p.untimed = untimed
			in[pid], roots = true, append(roots, pid)
		// A marker gives an orphan away only to a run still there to
		// sweep it: one naming a run that has ended, or none at all,
		// does not take the process out of this run's hands.
		// A child an exec.Cmd started, a library host's own, is never
		// taken for an orphan.
		case afterScript && subreaper.ok.Load() && p.ppid == self && p.sid != selfSID && !ours.started(pid) && !(marked && sweeping(run)):
			in[pid], roots = true, append(roots, pid)
		}
	}
	for _, root := range roots {
		for _, d := range descendants(children, root) {
			if !in[d] {
				in[d] = true
				if p := byPID[d]; p != nil {
					p.untimed = byPID[root].untimed
				}
			}
		}
	}
	detached := detachedIn(in, byPID, self, ours)
	var out []process
	for pid := range in {
		if p := byPID[pid]; p != nil {
			p.detached = detached(pid)
			out = append(out, *p)
		}
	}
	return out
}

// detachedIn says, of a process of the run (in), whether it is detached:
// the topmost of the run above it is a child of cleanexit's that no
// exec.Cmd started (an orphan the subreaper adopted), or a child of
// another process outside the run (init, without the subreaper).
func detachedIn(in map[int]bool, byPID map[int]*process, self int, ours ourChildren) func(pid int) bool {
	memo := map[int]bool{}
	var detached func(pid int, depth int) bool
	detached = func(pid int, depth int) bool {
		if d, ok := memo[pid]; ok {
			return d
		}
		p := byPID[pid]
		var d bool
		switch {
		case in[p.ppid] && byPID[p.ppid] != nil && depth < len(in):
			d = detached(p.ppid, depth+1)
		case p.ppid == self:
			d = ours.adopted(pid)
		default:
			d = true
		}
		memo[pid] = d
		return d
	}
	return func(pid int) bool { return detached(pid, 0) }
}

// markerIn is the value of the first runMarkerVar in env, a process's
// environment as /proc gives it, with a NUL put before it.
func markerIn(env []byte) (string, bool) {
	key := []byte("\x00" + runMarkerVar + "=")
	i := bytes.Index(env, key)
	if i < 0 {
		return "", false
	}
	v := env[i+len(key):]
	if j := bytes.IndexByte(v, 0); j >= 0 {
		v = v[:j]
	}
	return string(v), true
}

// killAll kills ps and reaps those reparented to us, which nothing else
// waits for. A child of ours in our own session may be one an exec.Cmd
// started and will wait for; unless its pidfd says otherwise, it is
// reaped here only once the run's script has ended (afterScript), when
// every exec.Cmd of the run has been waited. One an exec.Cmd holds is
// never reaped here.
func killAll(ps []process, afterScript bool) {
	self, sid := os.Getpid(), ourSession()
	for _, p := range ps {
		if !p.zombie {
			syscall.Kill(p.pid, syscall.SIGKILL)
		}
	}
	ours := readOurChildren()
	for _, p := range ps {
		if p.ppid == self && !ours.started(p.pid) && (afterScript || p.sid != sid || ours.adopted(p.pid)) {
			var ws syscall.WaitStatus
			syscall.Wait4(p.pid, &ws, 0, nil)
		}
	}
}

// ourSession is cleanexit's session id.
var ourSession = sync.OnceValue(func() int {
	if b, err := readProc("/proc/self/stat"); err == nil {
		if p, ok := parseStat(string(b)); ok {
			return p.sid
		}
	}
	return -1
})

// readDescendants reads the stat of every process below the children of
// cleanexit's that roots lists, following the kernel's lists of children
// (/proc/PID/task/TID/children); nil if the kernel has none. A process
// that skip says to leave is not read, nor is anything below it. With
// ages, each process's age is worked out from the system's uptime.
func readDescendants(roots func() ([]int, bool), ages bool, skip func(pid int) bool) []process {
	kids, ok := roots()
	if !ok {
		return nil
	}
	var uptime time.Duration
	if ages {
		uptime = readUptime()
	}
	out := []process{} // nothing below us is an answer too
	var queue []int
	seen := map[int]bool{}
	visit := func(children []int) {
		for _, child := range children {
			if seen[child] || skip(child) {
				continue
			}
			seen[child] = true
			queue = append(queue, child)
			dir := "/proc/" + strconv.Itoa(child)
			sb, err := readProc(dir + "/stat")
			if err != nil {
				continue
			}
			st, ok := parseStat(string(sb))
			if !ok {
				continue
			}
			st.age = uptime - st.age
			if !st.zombie {
				// Read now, not after the walk: a process of a fast
				// chain is gone by then, and what it forked with it.
				if env, dying, err := readEnviron(dir); err == nil {
					st.env, st.envRead, st.zombie = string(env), !dying, dying
				}
			}
			out = append(out, st)
		}
	}
	walk := func() {
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			children, _ := childrenOf(strconv.Itoa(p))
			visit(children)
		}
	}
	visit(kids)
	walk()
	// A process whose parent died while the walk went on was moved to
	// cleanexit, maybe after cleanexit's own children were read and
	// before its parent's were: read them again until they bring no one
	// new. Then whatever of the run lives is below someone the walk read
	// alive, or was read itself: a parent cannot die without its children
	// coming here.
	for pass := 0; pass < rereadPasses; pass++ {
		again, _ := roots()
		before := len(seen)
		visit(again)
		if len(seen) == before {
			break
		}
		walk()
	}
	return out
}

// rereadPasses bounds the rereads of cleanexit's children in one walk: a
// chain forking faster than the walk goes would keep it going.
const rereadPasses = 20

// cleanexitsChildren lists every child of cleanexit's: each is on the
// list of the thread that forked it, an orphan on the main thread's.
func cleanexitsChildren() ([]int, bool) { return childrenOf("self") }

// adoptedChildren lists the children of cleanexit's main thread, where
// every orphan the subreaper adopts is put: the kernel gives an orphan to
// the subreaper's first thread that is not exiting (find_new_reaper),
// the main one, which runs as long as cleanexit does. A child an exec.Cmd
// started may be there too, as on any thread's list. Reading one thread's
// list instead of each of cleanexit's ten or so spared a run's final
// sweep and orphan reaping 0.3 ms.
func adoptedChildren() ([]int, bool) {
	pid := strconv.Itoa(os.Getpid())
	b, err := readProc("/proc/self/task/" + pid + "/children")
	if err != nil {
		return nil, false
	}
	var kids []int
	for _, field := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(field); err == nil {
			kids = append(kids, pid)
		}
	}
	return kids, true
}

// childrenOf lists the children of process pid ("self" for cleanexit),
// which the kernel keeps per thread; false when the kernel keeps no such
// lists (no CONFIG_PROC_CHILDREN) or the process is gone.
func childrenOf(pid string) ([]int, bool) {
	dir := "/proc/" + pid + "/task"
	tids, err := readProcDir(dir)
	if err != nil {
		return nil, false
	}
	var kids []int
	listed := false
	for _, tid := range tids {
		b, err := readProc(dir + "/" + tid + "/children")
		if err != nil {
			continue // the thread ended since the listing, or no lists at all
		}
		listed = true
		for _, field := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(field); err == nil {
				kids = append(kids, pid)
			}
		}
	}
	return kids, listed
}

// readProcessTable reads /proc/*/stat.
func readProcessTable() []process {
	names, err := readProcDir("/proc")
	if err != nil {
		return nil
	}
	uptime := readUptime()
	var out []process
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		b, err := readProc("/proc/" + name + "/stat")
		if err != nil {
			continue
		}
		p, ok := parseStat(string(b))
		if !ok {
			continue
		}
		p.age = uptime - p.age
		out = append(out, p)
	}
	return out
}

// parseStat reads /proc/PID/stat (procstat.Parse); age holds the start
// time since boot.
func parseStat(line string) (process, bool) {
	st, ok := procstat.Parse(line)
	if !ok {
		return process{}, false
	}
	return process{
		pid: st.PID, ppid: st.PPID, sid: st.SID, zombie: st.Ended, name: st.Name,
		age: time.Duration(st.Start) * time.Second / clockTicks,
	}, true
}

func readUptime() time.Duration {
	b, err := readProc("/proc/uptime")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	secs, _ := strconv.ParseFloat(f[0], 64)
	return time.Duration(secs * float64(time.Second))
}

// readEnviron reads the environment of the process at dir, and says
// whether it is dying: one that reads as empty is read again in its
// stat, for a process whose memory went between the two reads (killed,
// by this run or another) has no environment left to show.
func readEnviron(dir string) (env []byte, dying bool, err error) {
	env, err = readProc(dir + "/environ")
	if err != nil || len(env) > 0 {
		return env, false, err
	}
	b, err := readProc(dir + "/stat")
	if err != nil {
		return nil, false, err
	}
	st, ok := parseStat(string(b))
	return env, ok && st.zombie, nil
}

// isHolder says whether pid is a sandbox's holder (confine.Holder): a
// child of cleanexit's that no question about a run is about.
func isHolder(pid int) bool {
	held, _ := confine.Holder(pid)
	return held
}

// idleHolder says whether pid is a holder lent to no command, with
// nothing below it, which a sweep need not read.
func idleHolder(pid int) bool {
	_, idle := confine.Holder(pid)
	return idle
}
