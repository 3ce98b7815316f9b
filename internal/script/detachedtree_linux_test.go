package script

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/proctable"
)

// A library caller that turns containment on (AdoptOrphans) gets a run's
// timeout on a fork-and-exit chain, every generation forking the next and
// exiting, each young: the watch kills the whole chain soon past the
// timeout, names it, reaps the chain's orphans as they exit, and leaves
// the exec.Cmd that started it to its own Wait. Looked for afterwards in
// the process table itself.
func TestTimeoutStopsAForkChain(t *testing.T) {
	proctable.Require(t)
	t.Cleanup(AdoptOrphans())
	if !subreaper.ok.Load() || !pidfdsSeen.Load() {
		t.Skip("no child subreaper or no pidfds here")
	}
	for _, mode := range []string{"plain", "setsid"} {
		t.Run(mode, func(t *testing.T) {
			tag := proctable.Marker(t, "cleanexit-chain-"+mode)
			chain := filepath.Join(t.TempDir(), "chain.sh")
			// 2000 generations, 20 s or more: a watch that fails to
			// stop the chain does not leave it running for long.
			next := `sh "$0" $((n - 1)) "$2"`
			if mode == "setsid" {
				next = "setsid " + next
			}
			script := "n=$1\n[ \"$n\" -gt 0 ] || exit 0\nsleep 0.01\n" + next + " </dev/null >/dev/null 2>&1 &\n"
			if err := os.WriteFile(chain, []byte(script), 0o666); err != nil {
				t.Fatal(err)
			}
			marker := newRunMarker()
			cmd := exec.Command("sh", chain, "2000", tag)
			cmd.Env = append(os.Environ(), runMarkerVar+"="+marker)
			timeout := time.Second
			watch := watchRun(context.Background(), marker, time.Hour, timeout)
			start := time.Now()
			if err := cmd.Start(); err != nil {
				watch.stop(true)
				t.Skip("cannot start sh:", err)
			}
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()

			for len(proctable.Matching(tag)) == 0 {
				if time.Since(start) > 5*time.Second {
					watch.stop(true)
					t.Fatal("the chain never showed up")
				}
				time.Sleep(5 * time.Millisecond)
			}
			// Generous: the watch sweeps every 100 ms.
			deadline := start.Add(timeout + 5*time.Second)
			mostZombies := 0
			// One read of the table can miss a member exiting as it
			// goes; five in a row cannot miss a chain that lives on.
			for empty := 0; empty < 5; {
				if len(proctable.Matching(tag)) == 0 {
					empty++
				} else {
					empty = 0
				}
				mostZombies = max(mostZombies, zombieChildren())
				if time.Now().After(deadline) {
					watch.stop(true)
					t.Fatalf("the chain still runs %s after it started, under a timeout of %s: %q", time.Since(start).Round(time.Millisecond), timeout, proctable.Matching(tag))
				}
				time.Sleep(20 * time.Millisecond)
			}
			t.Logf("chain gone %s after it started; at most %d zombie children at once", time.Since(start).Round(time.Millisecond), mostZombies)
			if err := <-waited; err != nil {
				t.Errorf("the chain's own exec.Cmd: Wait: %v (its status taken by the reaper?)", err)
			}
			left, timedOut := watch.stop(true)
			if len(timedOut) == 0 {
				t.Error("nothing named as killed for the timeout, want the chain's member")
			}
			if len(left) > 0 {
				t.Errorf("left after the run: %s", processNames(left))
			}
			if n := zombieChildren(); n > 0 {
				t.Errorf("%d zombie children of this process after the run", n)
			}
			// The watch reaped as the chain went: one zombie per sweep's
			// worth of generations, not one per generation.
			if mostZombies > 100 {
				t.Errorf("at most %d zombie children at once during the run, want them reaped as they come", mostZombies)
			}
		})
	}
}

// zombieChildren counts this process's zombie children.
func zombieChildren() int {
	kids, _ := childrenOf("self")
	n := 0
	for _, pid := range kids {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			continue
		}
		if p, ok := parseStat(string(b)); ok && p.zombie {
			n++
		}
	}
	return n
}

// A child the host started with os/exec in a session of its own is not
// an orphan, adopting orphans or not: no run's final sweep takes it for a
// case's, and once it has exited, the watches' reaping leaves its exit
// status to its own Wait.
func TestHostsChildIsNoOrphan(t *testing.T) {
	proctable.Require(t)
	t.Cleanup(AdoptOrphans())
	if !subreaper.ok.Load() || !pidfdsSeen.Load() {
		t.Skip("no child subreaper or no pidfds here")
	}
	own := exec.Command("sh", "-c", "read line; exit 3")
	own.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	stdin, err := own.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := own.Start(); err != nil {
		t.Skip("cannot start sh:", err)
	}
	watch := watchRun(context.Background(), newRunMarker(), time.Hour, time.Hour)
	stdin.Close() // the child exits, and stays a zombie until its Wait
	for !zombie(own.Process.Pid) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // three of the watch's sweeps
	left, _ := watch.stop(true)
	if len(left) > 0 {
		t.Errorf("a run's final sweep took the host's child: %s", processNames(left))
	}
	if err := own.Wait(); own.ProcessState == nil || own.ProcessState.ExitCode() != 3 {
		t.Errorf("the host's Wait for its own child: %v, want its exit status 3", err)
	}
}

func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	p, ok := parseStat(string(b))
	return ok && p.zombie
}
