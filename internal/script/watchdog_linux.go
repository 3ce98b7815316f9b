package script

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
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
//
// The watchdog is no child of cleanexit's: a process between them
// (watchdogStartVar) starts it and exits, and it is the orphan of that
// process, adopted by init (or the subreaper above cleanexit). So it
// may also hold what cleanexit hands it (WatchRuns), and outlive
// cleanexit's end by the time letting go of that takes: the kernel's
// teardown of a session's file watcher waits 0.3-20 ms for a grace period
// (fswatch.Watcher.Share), which no Close, and no exit of cleanexit's,
// waits for then.
const watchdogVar = "CLEANEXIT_WATCHDOG"

// watchdogStartVar marks the process between cleanexit and its watchdog;
// its value is how many descriptors, from 3 on, it passes on.
const watchdogStartVar = "CLEANEXIT_WATCHDOG_START"

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
	if n, ok := os.LookupEnv(watchdogStartVar); ok {
		os.Exit(startWatchdogProper(prefix, n))
	}
	os.Exit(watch(os.NewFile(3, "lifeline"), prefix))
}

// startWatchdogProper is the process between cleanexit and its watchdog:
// it starts the watchdog with the n descriptors it was given, from 3 on
// (the lifeline first), and exits.
func startWatchdogProper(prefix, n string) int {
	count, err := strconv.Atoi(n)
	if err != nil || count < 1 {
		return 2
	}
	self, err := os.Executable()
	if err != nil {
		return 1
	}
	files := make([]*os.File, count)
	for i := range files {
		files[i] = os.NewFile(uintptr(3+i), "passed")
	}
	cmd := &exec.Cmd{Path: self, Args: []string{"cleanexit-watchdog"}, Env: []string{watchdogVar + "=" + prefix}, ExtraFiles: files}
	if err := cmd.Start(); err != nil {
		return 1
	}
	return 0
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

// watchdog is the one watchdog of this process, shared by its sessions:
// the write end of its lifeline, while it watches.
var watchdog struct {
	mu       sync.Mutex
	users    int
	lifeline *os.File
}

// WatchRuns starts the watchdog, unless a session of this process already
// has, and returns what ends it once the caller's runs are over. The
// watchdog holds hold, which WatchRuns closes here, until it ends (a
// later caller's hold is closed at once). Where it cannot start, the runs
// go unwatched: nothing else changes. Call it before the process becomes
// a subreaper (AdoptOrphans): the watchdog is then init's, never a child
// of this process's that a sweep reads.
func WatchRuns(hold ...*os.File) (stop func()) {
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if watchdog.users == 0 {
		startWatchdog(hold)
	}
	for _, f := range hold {
		f.Close()
	}
	watchdog.users++
	var once sync.Once
	return func() {
		once.Do(func() {
			watchdog.mu.Lock()
			defer watchdog.mu.Unlock()
			if watchdog.users--; watchdog.users == 0 && watchdog.lifeline != nil {
				// It exits on the word, not waited for: it is no child
				// of this process's.
				watchdog.lifeline.Write([]byte{closedWord})
				watchdog.lifeline.Close()
				watchdog.lifeline = nil
			}
		})
	}
}

// watchdogShell is the shell that starts the watchdog (see startWatchdog).
var watchdogShell = "/bin/sh"

// startWatchdog starts the watchdog through a process between that exits
// at once, and waits for that one to exit. The process between is a
// shell where there is one (started in half a millisecond), else this
// program again (watchdogStartVar), which is slower to start.
func startWatchdog(hold []*os.File) {
	self, err := os.Executable()
	if err != nil {
		return
	}
	r, w, err := os.Pipe()
	if err != nil {
		return
	}
	defer r.Close()
	files := append([]*os.File{r}, hold...)
	// Its environment is its variable alone: the caller's secrets stay
	// out of one more process.
	env := []string{watchdogVar + "=" + markerPrefix()}
	cmd := &exec.Cmd{
		Path: watchdogShell, Args: []string{"sh", "-c", `exec "$0" cleanexit-watchdog &`, self},
		Env: env, ExtraFiles: files,
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true},
	}
	if _, err := os.Stat(cmd.Path); err != nil {
		cmd.Path, cmd.Args = self, []string{"cleanexit-watchdog-start"}
		cmd.Env = append(env, watchdogStartVar+"="+strconv.Itoa(len(files)))
	}
	if err := cmd.Run(); err != nil {
		w.Close()
		return
	}
	watchdog.lifeline = w
}
