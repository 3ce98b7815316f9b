package script

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A cleanexit killed by SIGKILL (a cancelled CI job, the OOM killer, a go
// test binary's -timeout panic) runs none of its own clean-up, and the
// processes of its runs, each in a process group of its own, ran on past
// their timeouts: a hung interpreter forever. The watchdog ends them. It
// is this program's own executable started again with watchdogVar set
// (this package's init function takes it over), in a process group of
// its own, so that a kill of cleanexit's group does not take it too. It
// holds the read end of a pipe whose write end only cleanexit holds: end
// of file without closedWord first means cleanexit is gone, and the
// watchdog kills every process whose environment carries a run marker of
// the dead process's (markerPrefix). A sandbox has a lifeline of its own
// (internal/confine); a process that clears its environment escapes the
// watchdog, as it does the reaper without the subreaper.
const watchdogVar = "CLEANEXIT_WATCHDOG"

// closedWord is what a session that ends normally writes to the
// watchdog, which then exits and kills nothing.
const closedWord = 'q'

// watchdogRounds bounds the watchdog's sweeps, watchdogPause apart: a
// fork-and-exit chain makes new processes while it sweeps.
const (
	watchdogRounds = 100
	watchdogPause  = 20 * time.Millisecond
)

func init() {
	prefix, ok := os.LookupEnv(watchdogVar)
	if !ok {
		return
	}
	// A hangup or a Ctrl-C meant for cleanexit is no reason to stop.
	signal.Ignore(syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM, syscall.SIGPIPE)
	os.Exit(watch(os.NewFile(3, "lifeline"), prefix))
}

// watch waits on lifeline and, if cleanexit died, kills its runs'
// processes until a sweep finds none.
func watch(lifeline *os.File, prefix string) int {
	// Started by hand, with the variable but not the pipe: nothing to watch.
	if fi, err := lifeline.Stat(); err != nil || fi.Mode()&os.ModeNamedPipe == 0 || prefix == "" {
		return 2
	}
	var b [1]byte
	if n, _ := lifeline.Read(b[:]); n == 1 && b[0] == closedWord {
		return 0
	}
	needle := []byte("\x00" + runMarkerVar + "=" + prefix + ".")
	for range watchdogRounds {
		if killMarked(needle) == 0 {
			return 0
		}
		time.Sleep(watchdogPause)
	}
	return 1
}

// killMarked kills every process whose environment holds needle, and
// says how many it found.
func killMarked(needle []byte) int {
	names, err := readProcDir("/proc")
	if err != nil {
		return 0
	}
	self, found := os.Getpid(), 0
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil || pid == self {
			continue
		}
		env, err := readProc("/proc/" + name + "/environ")
		if err != nil || !bytes.Contains(append([]byte{0}, env...), needle) {
			continue
		}
		if syscall.Kill(pid, syscall.SIGKILL) == nil {
			found++
		}
	}
	return found
}

// watchdog is the one watchdog of this process, shared by its sessions.
var watchdog struct {
	mu       sync.Mutex
	users    int
	lifeline *os.File
	cmd      *exec.Cmd
	pid      atomic.Int64 // cmd's, while it runs; 0 otherwise
}

// isWatchdog says whether pid is the watchdog: a child of cleanexit's
// with nothing of a run below it, which a sweep need not read.
func isWatchdog(pid int) bool { return pid != 0 && watchdog.pid.Load() == int64(pid) }

// WatchRuns starts the watchdog, unless a session of this process already
// has, and returns what ends it once the caller's runs are over. Where it
// cannot start, the runs go unwatched: nothing else changes.
func WatchRuns() (stop func()) {
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if watchdog.users == 0 {
		startWatchdog()
	}
	watchdog.users++
	var once sync.Once
	return func() {
		once.Do(func() {
			watchdog.mu.Lock()
			defer watchdog.mu.Unlock()
			if watchdog.users--; watchdog.users == 0 && watchdog.cmd != nil {
				watchdog.lifeline.Write([]byte{closedWord})
				watchdog.lifeline.Close()
				watchdog.cmd.Wait() // at once: it exits on the word
				watchdog.pid.Store(0)
				watchdog.cmd, watchdog.lifeline = nil, nil
			}
		})
	}
}

func startWatchdog() {
	self, err := os.Executable()
	if err != nil {
		return
	}
	r, w, err := os.Pipe()
	if err != nil {
		return
	}
	defer r.Close()
	// Its environment is its variable alone: the caller's secrets stay
	// out of one more process.
	cmd := &exec.Cmd{
		Path: self, Args: []string{"cleanexit-watchdog"},
		Env:         []string{watchdogVar + "=" + markerPrefix()},
		ExtraFiles:  []*os.File{r},
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true},
	}
	if err := cmd.Start(); err != nil {
		w.Close()
		return
	}
	watchdog.cmd, watchdog.lifeline = cmd, w
	watchdog.pid.Store(int64(cmd.Process.Pid))
}
