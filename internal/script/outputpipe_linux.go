package script

import (
	"os"
	"syscall"
)

// outputPipe is a pipe for one of the interpreter's output streams: the
// interpreter writes to w, a blocking descriptor as a terminal's would
// be, and cleanexit reads r through the runtime's poller. os/exec makes
// the same pipe with twice the system calls: both ends non-blocking and
// in the poller, then the child's end put back to blocking before the
// fork and taken out of the poller after (strace: 26 of a trivial run's
// 183 calls were its two pipes').
func outputPipe() (r, w *os.File, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC|syscall.O_NONBLOCK); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	// A new pipe's end has no status flag but O_NONBLOCK: F_SETFL to 0
	// clears it, with no F_GETFL first.
	if _, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(p[1]), syscall.F_SETFL, 0); errno != 0 {
		syscall.Close(p[0])
		syscall.Close(p[1])
		return nil, nil, os.NewSyscallError("fcntl", errno)
	}
	// os.NewFile puts a non-blocking descriptor in the poller, and
	// leaves a blocking one out.
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}
