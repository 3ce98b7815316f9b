//go:build linux && (amd64 || arm64)

package confine

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The seccomp filter refuses what Landlock does not cover: network
// sockets, and modes that would let another user (or a later setuid
// exec) take over a file. A path reaches the filter only as a pointer, so
// it cannot tell a file in $WORK from one in HOME: a change of mode, owner,
// times or attributes that stays within what the user could always do is
// allowed everywhere (multiprocessing's forkserver chmods its socket,
// shutil.copy a file's mode), and one that opens a file to others is
// refused everywhere.

// forbiddenMode are the mode bits a confined process cannot set: setuid,
// setgid, and write by others.
const forbiddenMode = 0o6002

// chmodSyscalls maps each system call that sets a mode to the index of
// its mode argument; those of every architecture, numbered alike since
// Linux 5.1, are added to the architecture's own (chmodArch).
var chmodSyscalls = append([]chmodCall{{unix.SYS_FCHMODAT2, 2}}, chmodArch...)

// A chmodCall is a system call number and the index of its mode argument.
type chmodCall struct {
	nr   uintptr
	mode uint32
}

// Offsets in struct seccomp_data (linux/seccomp.h): the system call's
// number, the architecture, and the low 32 bits of argument i at
// offArgs+8*i (little-endian, as amd64 and arm64 are).
const (
	offNr   = 0
	offArch = 4
	offArgs = 16
)

// x32SyscallBit marks amd64's x32 system calls (__X32_SYSCALL_BIT).
const x32SyscallBit = 0x40000000

// filter is the seccomp program: the architecture must be the process's
// own (a 32-bit system call numbers differently), x32 calls are refused,
// io_uring (whose operations include socket, and bypass seccomp), typing
// into a terminal and a mode with forbiddenMode bits fail with EPERM, and
// without network a socket that is not a Unix one fails with EACCES.
func filter(network bool) []unix.SockFilter {
	const (
		ld    = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge   = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		jset  = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
		ret   = unix.BPF_RET | unix.BPF_K
		allow = unix.SECCOMP_RET_ALLOW
		eperm = unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)
	)
	op := func(code uint16, k uint32, jt, jf uint8) unix.SockFilter {
		return unix.SockFilter{Code: code, Jt: jt, Jf: jf, K: k}
	}
	p := []unix.SockFilter{
		op(ld, offArch, 0, 0),
		op(jeq, auditArch, 1, 0),
		op(ret, eperm, 0, 0),
		op(ld, offNr, 0, 0),
	}
	if x32 {
		p = append(p, op(jge, x32SyscallBit, 0, 1), op(ret, eperm, 0, 0))
	}
	p = append(p, op(jeq, unix.SYS_IO_URING_SETUP, 0, 1), op(ret, eperm, 0, 0))
	// ioctl: refuse typing into the terminal (TIOCSTI, and TIOCLINUX's
	// paste on a console), allow every other request.
	p = append(p,
		op(jeq, unix.SYS_IOCTL, 0, 5),
		op(ld, offArgs+8, 0, 0),
		op(jeq, unix.TIOCSTI, 2, 0),
		op(jeq, unix.TIOCLINUX, 1, 0),
		op(ret, allow, 0, 0),
		op(ret, eperm, 0, 0))
	for _, c := range chmodSyscalls {
		// A chmod: refuse the forbidden bits, allow any other mode.
		p = append(p,
			op(jeq, uint32(c.nr), 0, 4), // not this call: on to the next check
			op(ld, offArgs+8*c.mode, 0, 0),
			op(jset, forbiddenMode, 0, 1),
			op(ret, eperm, 0, 0),
			op(ret, allow, 0, 0))
	}
	if !network {
		p = append(p,
			op(jeq, unix.SYS_SOCKET, 0, 3),
			op(ld, offArgs, 0, 0),
			op(jeq, unix.AF_UNIX, 1, 0),
			op(ret, unix.SECCOMP_RET_ERRNO|uint32(unix.EACCES), 0, 0))
	}
	return append(p, op(ret, allow, 0, 0))
}

// install applies prog to the calling thread (no_new_privs must be set).
func install(prog []unix.SockFilter) error {
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if _, _, errno := unix.RawSyscall(unix.SYS_PRCTL, unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fprog))); errno != 0 {
		return fmt.Errorf("seccomp: %w", errno)
	}
	return nil
}
