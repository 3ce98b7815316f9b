package exitwait

import (
	"os"
	"syscall"
	"unsafe"
)

// pPIDFD is waitid's idtype for a pidfd (linux/wait.h), and wNOWAIT its
// flag for "leave the child waitable"; neither is in package syscall.
const (
	pPIDFD  = 3
	wNOWAIT = 0x1000000
)

func exited(p *os.Process) {
	// The handle is p's own pidfd, valid only inside WithHandle; a
	// duplicate refers to the same process for as long as it is open,
	// however soon p is reaped, so no other process can be waited for.
	dup := -1
	if p.WithHandle(func(h uintptr) {
		if fd, err := dupCloexec(int(h)); err == nil {
			dup = fd
		}
	}) != nil || dup < 0 {
		return
	}
	if syscall.SetNonblock(dup, true) != nil {
		syscall.Close(dup)
		return
	}
	// A non-blocking descriptor given to os.NewFile is registered with
	// the poller; a pidfd polls readable once its process has exited.
	f := os.NewFile(uintptr(dup), "pidfd")
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	rc.Read(func(fd uintptr) bool {
		return !running(fd)
	})
}

// running says whether the process of pidfd fd has yet to exit; on any
// error it says no, so that the caller goes on to its own Wait.
func running(fd uintptr) bool {
	for {
		var info [128]byte // siginfo_t, zeroed: see waitid(2) on WNOHANG
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPIDFD, fd, uintptr(unsafe.Pointer(&info[0])),
			syscall.WEXITED|syscall.WNOHANG|wNOWAIT, 0, 0)
		if errno == syscall.EINTR {
			continue
		}
		// A child that has not exited leaves si_pid zero; it follows
		// si_signo, si_errno, si_code and padding on 64-bit Linux.
		const siPidOffset = 16
		return errno == 0 && *(*int32)(unsafe.Pointer(&info[siPidOffset])) == 0
	}
}

func dupCloexec(fd int) (int, error) {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_DUPFD_CLOEXEC, 0)
	if errno != 0 {
		return -1, errno
	}
	return int(r), nil
}
