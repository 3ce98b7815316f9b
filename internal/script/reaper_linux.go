package script

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

var subreaper struct {
	once sync.Once
	ok   bool
}

// enableSubreaper makes cleanexit the child subreaper of everything it
// starts: a process whose parent dies is reparented to cleanexit, not to
// init, so that it stays findable below us.
func enableSubreaper() {
	subreaper.once.Do(func() {
		const prSetChildSubreaper = 36
		_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
		subreaper.ok = errno == 0
	})
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat's start time: 100 on
// every Linux architecture Go supports.
const clockTicks = 100

// runProcesses lists the processes of the run marked marker: those whose
// environment carries the marker, and everything below them. After the
// run's script has ended (afterScript), it adds processes that were
// reparented to cleanexit from a session of their own: cleanexit starts
// none itself, so they can only be a case's. One marked for another run
// is left to it while that run is still there to sweep it; a marker of a
// run that has ended, or of none, a case may have written itself. It
// leaves their ages unread, which only the timeout watch needs.
func runProcesses(marker string, afterScript bool) []process {
	self := os.Getpid()
	// With the subreaper, every process of ours is below us, and only
	// that tree is read: the whole table costs a read per process of the
	// machine, milliseconds a run on a busy one.
	var table []process
	if subreaper.ok {
		table = readDescendants(!afterScript, otherRunsInterpreter(marker))
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
	selfSID := ourSession()
	// With the subreaper, every process of ours is below us; without it,
	// escapees went to init, and the whole table is searched.
	var candidates []int
	if subreaper.ok {
		candidates = descendants(children, self)
	} else {
		for _, p := range table {
			if p.pid != self {
				candidates = append(candidates, p.pid)
			}
		}
	}
	buf := make([]byte, 4096)
	in := map[int]bool{}
	var roots []int
	for _, pid := range candidates {
		p := byPID[pid]
		if p == nil || p.zombie {
			// A zombie's environment cannot be read; one reparented to
			// us from a session of its own is ours to reap.
			if p != nil && afterScript && subreaper.ok && p.ppid == self && p.sid != selfSID {
				in[pid] = true
			}
			continue
		}
		// A NUL before the first variable lets markerIn find it as it
		// finds the others; the buffer is kept for the next process.
		buf[0] = 0
		env, err := readProc(strconv.Itoa(pid)+"/environ", buf[:1])
		if err != nil {
			continue
		}
		buf = env[:cap(env)]
		m, marked := markerIn(env)
		run, untimed := strings.CutSuffix(m, buildMarkerSuffix)
		switch {
		case marked && run == marker:
			p.untimed = untimed
			in[pid], roots = true, append(roots, pid)
		// A marker gives an orphan away only to a run still there to
		// sweep it: one naming a run that has ended, or none at all,
		// does not take the process out of this run's hands.
		case afterScript && subreaper.ok && p.ppid == self && p.sid != selfSID && !(marked && sweeping(run)):
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
	var out []process
	for pid := range in {
		if p := byPID[pid]; p != nil {
			out = append(out, *p)
		}
	}
	return out
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

// killAll kills ps and reaps those reparented to us, which nothing else
// waits for. A child of ours in our own session may be one an exec.Cmd
// started and will wait for; it is reaped here only once the run's script
// has ended (afterScript), when every exec.Cmd of the run has been waited.
func killAll(ps []process, afterScript bool) {
	self, sid := os.Getpid(), ourSession()
	for _, p := range ps {
		if !p.zombie {
			syscall.Kill(p.pid, syscall.SIGKILL)
		}
	}
	for _, p := range ps {
		if p.ppid == self && (afterScript || p.sid != sid) {
			var ws syscall.WaitStatus
			syscall.Wait4(p.pid, &ws, 0, nil)
		}
	}
}

// ourSession is cleanexit's session id.
var ourSession = sync.OnceValue(func() int {
	if b, err := os.ReadFile("/proc/self/stat"); err == nil {
		if p, ok := parseStat(string(b)); ok {
			return p.sid
		}
	}
	return -1
})

// readDescendants reads the stat of every process below cleanexit,
// following the kernel's lists of children (see selfThreads); nil if the
// kernel has none. A process that skip says to leave is not read, nor is
// anything below it. With ages, each process's age is worked out from the
// system's uptime.
func readDescendants(ages bool, skip func(pid int) bool) []process {
	buf := make([]byte, 4096)
	kids, ok := selfThreads.children(nil, buf)
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
			if sb, err := readProc(strconv.Itoa(child)+"/stat", buf[:0]); err == nil {
				if st, ok := parseStat(string(sb)); ok {
					st.age = uptime - st.age
					out = append(out, st)
				}
			}
		}
	}
	visit(kids)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		dir := strconv.Itoa(p) + "/task"
		tids, err := listDir(dir, buf)
		if err != nil {
			continue
		}
		for _, tid := range tids {
			b, err := readProc(dir+"/"+tid+"/children", buf[:0])
			if err != nil {
				continue
			}
			visit(appendPIDs(kids[:0], b))
		}
	}
	return out
}

// procFD is /proc, open for the reaper's reads: a name looked up from it
// skips resolving /proc itself each time. It stays open for the life of
// the process; -1 where /proc cannot be opened.
var procFD = sync.OnceValue(func() int {
	fd, err := syscall.Open("/proc", syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	return fd
})

// openProc opens name, a path below /proc.
func openProc(name string, flags int) (int, error) {
	if fd := procFD(); fd >= 0 {
		return syscall.Openat(fd, name, flags|syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	}
	return syscall.Open("/proc/"+name, flags|syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
}

// listDir lists the folder name below /proc with raw system calls, buf
// being its scratch space: os.Open's poller registration and Readdirnames'
// buffers cost more than the listing of a process's few threads.
func listDir(name string, buf []byte) ([]string, error) {
	fd, err := openProc(name, syscall.O_DIRECTORY)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	var names []string
	err = readDirents(fd, buf, func(_ uint64, name string) {
		if name != "." && name != ".." {
			names = append(names, name)
		}
	})
	return names, err
}

// readProc appends the file name below /proc to buf and returns it, with
// three system calls: os.ReadFile's stat, poller registration and buffer
// growth cost more than the read itself, and the reaper reads a dozen such
// files after every run (perf: a third of the runner's own time in a run
// of trivial cases).
func readProc(name string, buf []byte) ([]byte, error) {
	fd, err := openProc(name, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	return preadAll(fd, buf)
}

// readProcessTable reads /proc/*/stat.
func readProcessTable() []process {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	uptime := readUptime()
	var out []process
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		b, err := os.ReadFile("/proc/" + name + "/stat")
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

// parseStat reads /proc/PID/stat; age holds the start time since boot.
func parseStat(s string) (process, bool) {
	open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || close < open {
		return process{}, false
	}
	f := strings.Fields(s[close+1:])
	if len(f) < 20 {
		return process{}, false
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(s[:open]))
	ppid, _ := strconv.Atoi(f[1])
	sid, _ := strconv.Atoi(f[3])
	start, _ := strconv.ParseInt(f[19], 10, 64)
	return process{
		pid: pid, ppid: ppid, sid: sid,
		zombie: f[0] == "Z",
		name:   s[open+1 : close],
		age:    time.Duration(start) * time.Second / clockTicks,
	}, true
}

func readUptime() time.Duration {
	var buf [64]byte
	b, err := readProc("uptime", buf[:0])
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
