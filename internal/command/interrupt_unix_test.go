//go:build unix

package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptibleReaderGone runs this test binary as a child whose
// stdout is a pipe, lets the pipe's reader go, and has the child write: a
// child that did not catch SIGPIPE would die of it there; this one must
// see its context cancelled for the reader's going. With the reader kept,
// the write succeeds and nothing is cancelled.
func TestInterruptibleReaderGone(t *testing.T) {
	if os.Getenv("COMMAND_TEST_CHILD") != "" {
		interruptibleChild()
		return
	}
	for _, tc := range []struct {
		name      string
		keepRead  bool
		wantState string
	}{
		{"reader gone", false, "reader gone"},
		{"reader kept", true, "not cancelled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestInterruptibleReaderGone$")
			cmd.Env = append(os.Environ(), "COMMAND_TEST_CHILD=1")
			cmd.Stdout = w
			var said strings.Builder
			cmd.Stderr = &said
			stdinR, stdinW, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stdin = stdinR
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w.Close()
			stdinR.Close()
			if tc.keepRead {
				go io.Copy(io.Discard, r)
			} else {
				r.Close()
			}
			stdinW.Write([]byte{'\n'}) // the child writes only now
			stdinW.Close()
			err = cmd.Wait()
			if err != nil {
				t.Fatalf("child: %v (a death by SIGPIPE means it was not caught)\n%s", err, said.String())
			}
			if got := said.String(); got != tc.wantState+"\n" {
				t.Errorf("child said %q, want %q", got, tc.wantState)
			}
		})
	}
}

// interruptibleChild is the child's side: catch, wait for the go-ahead,
// write to stdout, and say on stderr what became of the context.
func interruptibleChild() {
	ctx, stop := Interruptible()
	defer stop()
	var b [1]byte
	os.Stdin.Read(b[:])
	fmt.Fprintln(os.Stdout, "a line for whoever reads")
	state := "not cancelled"
	select {
	case <-ctx.Done():
		state = "cancelled"
		if errors.Is(context.Cause(ctx), errReaderGone) {
			state = "reader gone"
		}
	case <-time.After(time.Second):
	}
	fmt.Fprintln(os.Stderr, state)
	os.Exit(0)
}

// TestEarlySignalReachesInterruptible checks that a SIGTERM that comes
// after CatchEarly and before Interruptible cancels Interruptible's
// context, as one that comes after it does, instead of being lost or
// killing the process.
func TestEarlySignalReachesInterruptible(t *testing.T) {
	CatchEarly()
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	for i := 0; len(early.caught) == 0; i++ {
		if i == 200 {
			t.Fatal("CatchEarly did not catch SIGTERM")
		}
		time.Sleep(5 * time.Millisecond)
	}
	ctx, stop := Interruptible()
	defer stop()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the early SIGTERM did not cancel Interruptible's context")
	}
	var by stoppedBy
	if !errors.As(context.Cause(ctx), &by) || by.sig != syscall.SIGTERM {
		t.Fatalf("cancelled by %v, want SIGTERM", context.Cause(ctx))
	}
}
