package script

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// NewSandbox finds bubblewrap and checks that it can make a sandbox here:
// user namespaces can be off (a container, a hardened kernel), and then
// every run would fail with bwrap's own message instead of one error now.
func NewSandbox() (*Sandbox, error) {
	bwrap, err := exec.LookPath("bwrap")
	if err != nil {
		return nil, fmt.Errorf("--sandbox: bubblewrap (bwrap) is not on PATH; install it (apt-get install bubblewrap) or run without --sandbox")
	}
	out, err := exec.Command(bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--", "true").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("--sandbox: %s cannot make a sandbox here (%v: %s); user namespaces may be off (sysctl kernel.unprivileged_userns_clone=1) or run without --sandbox", bwrap, err, strings.TrimSpace(string(out)))
	}
	return &Sandbox{bwrap: bwrap}, nil
}

// wrap rewrites cmd to run under bwrap: / read-only, a private /dev and
// /proc, $WORK and Writable writable, no network unless asked for, and
// the program killed if bwrap dies. bwrap stays in cmd's process group,
// so the group kill still reaches what the program started.
func (sb *Sandbox) wrap(cmd *exec.Cmd, work string) {
	args := []string{sb.bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"}
	for _, dir := range append([]string{work}, sb.Writable...) {
		if dir != "" {
			args = append(args, "--bind", dir, dir)
		}
	}
	if !sb.Network {
		args = append(args, "--unshare-net")
	}
	if cmd.Dir != "" {
		args = append(args, "--chdir", cmd.Dir)
	}
	args = append(args, "--die-with-parent", "--", cmd.Path)
	cmd.Args = append(args, cmd.Args[1:]...)
	cmd.Path = sb.bwrap
}

// sandboxed says whether cmd runs under bwrap, and then which processes
// inside it a signal meant for the program goes to: bwrap's children.
func sandboxed(cmd *exec.Cmd) ([]int, bool) {
	if cmd.Process == nil || len(cmd.Args) == 0 || !strings.HasSuffix(cmd.Path, "/bwrap") {
		return nil, false
	}
	pid := strconv.Itoa(cmd.Process.Pid)
	b, _ := os.ReadFile("/proc/" + pid + "/task/" + pid + "/children")
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(f); err == nil {
			pids = append(pids, n)
		}
	}
	return pids, true
}
