package command

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestHideEnvironment runs HideEnvironment in a process of its own (it
// changes the whole process) started with a secret, and looks at that
// process from outside: its /proc/<pid>/environ holds no byte of the
// secret, it is not dumpable, and it still reads the secret itself.
func TestHideEnvironment(t *testing.T) {
	if os.Getenv("HIDE_ENVIRONMENT_CHILD") == "1" {
		HideEnvironment()
		dumpable, _ := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
		os.Stdout.WriteString("getenv=" + os.Getenv("GITHUB_TOKEN") + "\n")
		if dumpable != 0 {
			os.Stdout.WriteString("dumpable\n")
		}
		os.Stdout.Sync()
		os.Stdin.Read(make([]byte, 1)) // until the parent has looked
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHideEnvironment$")
	cmd.Env = append(os.Environ(), "HIDE_ENVIRONMENT_CHILD=1", "GITHUB_TOKEN=ghp_hunter2")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	var out bytes.Buffer
	buf := make([]byte, 256)
	for !strings.Contains(out.String(), "getenv=") || !strings.HasSuffix(out.String(), "\n") {
		n, err := stdout.Read(buf)
		out.Write(buf[:n])
		if err != nil {
			t.Fatalf("the child said %q, then %v", out.String(), err)
		}
	}
	environ, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/environ")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(environ, []byte("hunter2")) || bytes.Contains(environ, []byte("GITHUB_TOKEN")) {
		t.Errorf("/proc/<pid>/environ still shows the secret")
	}
	if n := len(bytes.Trim(environ, "\x00")); n != 0 {
		t.Errorf("/proc/<pid>/environ holds %d bytes that are not zeros (not shown: they are this test's environment)", n)
	}
	if !strings.Contains(out.String(), "getenv=ghp_hunter2\n") {
		t.Errorf("the process lost its own environment: %q", out.String())
	}
	if strings.Contains(out.String(), "dumpable") {
		t.Errorf("the process is still dumpable")
	}
}
