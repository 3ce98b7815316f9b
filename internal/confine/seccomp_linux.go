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

// chmodSyscalls are the system calls that set a mode, each with the
// index of its mode argument; those of every architecture, numbered alike
// since Linux 5.1, are added to the architecture's own (chmodArch).
var chmodSyscalls = append([]argCall{{unix.SYS_FCHMODAT2, 2}}, chmodArch...)

// An argCall is a system call number and the index of the argument the
// filter looks at.
type argCall struct {
	nr  uintptr
	arg uint32
}

// Offsets in struct seccomp_data (linux/seccomp.h): the system call's
// number, the architecture, and the low 32 bits of argument i at
// offArgs+8*i (little-endian, as amd64 and arm64 are).
const (
	offNr   = 0
	offArch = 4
	offArgs = 16
)

// The socket ioctls that set a SIGIO owner, as fcntl's F_SETOWN does
// (asm-generic/sockios.h, the same on amd64 and arm64).
const (
	fioSetOwn = 0x8901
	siocSPGrp = 0x8902
)

// x32SyscallBit marks amd64's x32 system calls (__X32_SYSCALL_BIT).
const x32SyscallBit = 0x40000000

// signalCalls are the ways to signal one thread by its ID, each with the
// index of the argument that names it, or to get a handle that does
// (pidfd_open with PIDFD_THREAD): kill and rt_sigqueueinfo take any
// thread's ID as readily as a process's.
var signalCalls = []argCall{
	{unix.SYS_KILL, 0}, {unix.SYS_TKILL, 0}, {unix.SYS_RT_SIGQUEUEINFO, 0}, {unix.SYS_PIDFD_OPEN, 0},
	{unix.SYS_TGKILL, 1}, {unix.SYS_RT_TGSIGQUEUEINFO, 1},
}

// filter is the seccomp program: the architecture must be the process's
// own (a 32-bit system call numbers differently), x32 calls are refused,
// io_uring (whose operations include socket, and bypass seccomp), the
// kernel's keyrings (add_key, request_key, keyctl), typing
// into a terminal and a mode with forbiddenMode bits fail with EPERM, and
// without network a socket that is not a Unix one fails with EACCES.
//
// self is the confining thread. It shares its processes' Landlock domain,
// which lets their signals through to it, and a SIGKILL sent to one
// thread ends the whole of cleanexit: a signal to self fails with EPERM,
// by any call that names it, and so does making self the owner of a
// file's SIGIO, whose signal F_SETSIG may set to SIGKILL. F_SETOWN_EX,
// FIOSETOWN and SIOCSPGRP name the owner through a pointer, which the
// filter cannot read: they are refused whoever they name. With noExec,
// execve and execveat fail with EPERM too.
func filter(network, noExec bool, self int) []unix.SockFilter {
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
	// refuseIf refuses c where its argument passes test (a BPF jump) with
	// k, and allows it otherwise; another call goes on to the next check.
	refuseIf := func(c argCall, test uint16, k uint32) []unix.SockFilter {
		return []unix.SockFilter{
			op(jeq, uint32(c.nr), 0, 4),
			op(ld, offArgs+8*c.arg, 0, 0),
			op(test, k, 0, 1),
			op(ret, eperm, 0, 0),
			op(ret, allow, 0, 0),
		}
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
	// The kernel's keyrings: none (see keyrings).
	p = append(p,
		op(jeq, unix.SYS_ADD_KEY, 2, 0),
		op(jeq, unix.SYS_REQUEST_KEY, 1, 0),
		op(jeq, unix.SYS_KEYCTL, 0, 1),
		op(ret, eperm, 0, 0))
	// ioctl: refuse typing into the terminal (TIOCSTI, and TIOCLINUX's
	// paste on a console) and a SIGIO owner named by pointer, allow every
	// other request.
	p = append(p,
		op(jeq, unix.SYS_IOCTL, 0, 7),
		op(ld, offArgs+8, 0, 0),
		op(jeq, unix.TIOCSTI, 4, 0),
		op(jeq, unix.TIOCLINUX, 3, 0),
		op(jeq, fioSetOwn, 2, 0),
		op(jeq, siocSPGrp, 1, 0),
		op(ret, allow, 0, 0),
		op(ret, eperm, 0, 0))
	for _, c := range signalCalls {
		p = append(p, refuseIf(c, jeq, uint32(self))...)
	}
	// pidfd_send_signal: a pidfd of /proc/<thread> names self by a file,
	// which the filter cannot read; without flags the signal goes to a
	// process (Landlock then checks its main thread, never self), so
	// refuse PIDFD_SIGNAL_THREAD and every other flag.
	p = append(p, refuseIf(argCall{unix.SYS_PIDFD_SEND_SIGNAL, 3}, jset, 0xffffffff)...)
	if noExec {
		p = append(p, op(jeq, unix.SYS_EXECVE, 1, 0), op(jeq, unix.SYS_EXECVEAT, 0, 1), op(ret, eperm, 0, 0))
	}
	// fcntl: refuse F_SETOWN to self and any F_SETOWN_EX.
	p = append(p,
		op(jeq, unix.SYS_FCNTL, 0, 7),
		op(ld, offArgs+8, 0, 0),
		op(jeq, unix.F_SETOWN_EX, 4, 0),
		op(jeq, unix.F_SETOWN, 0, 2),
		op(ld, offArgs+16, 0, 0),
		op(jeq, uint32(self), 1, 0),
		op(ret, allow, 0, 0),
		op(ret, eperm, 0, 0))
	for _, c := range chmodSyscalls {
		// A chmod: refuse the forbidden bits, allow any other mode.
		p = append(p, refuseIf(c, jset, forbiddenMode)...)
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
