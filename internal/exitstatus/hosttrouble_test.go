package exitstatus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

func TestHostTrouble(t *testing.T) {
	forkErr := func(errno syscall.Errno) error {
		return &fs.PathError{Op: "fork/exec", Path: "/usr/bin/python3", Err: errno}
	}
	tests := []struct {
		err  error
		want string
	}{
		{forkErr(syscall.EAGAIN), "EAGAIN"},
		{forkErr(syscall.ENOMEM), "ENOMEM"},
		{os.NewSyscallError("pipe2", syscall.EMFILE), "EMFILE"},
		{fmt.Errorf("open pipe: %w", os.NewSyscallError("pipe2", syscall.ENFILE)), "ENFILE"},
		{forkErr(syscall.ENOSPC), "ENOSPC"},
		// The host lacks the program, or the case names a bad one: not
		// the host's passing trouble.
		{forkErr(syscall.ENOENT), ""},
		{forkErr(syscall.EACCES), ""},
		{exec.ErrNotFound, ""},
		{errors.New("exit status 1"), ""},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := HostTrouble(tt.err); got != tt.want {
			t.Errorf("HostTrouble(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
