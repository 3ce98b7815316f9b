//go:build linux

package confine

import "golang.org/x/sys/unix"

const (
	auditArch = unix.AUDIT_ARCH_X86_64
	x32       = true // amd64 also answers x32 system calls, numbered from x32SyscallBit
)

// chmodArch are amd64's system calls that set a mode.
var chmodArch = []argCall{{unix.SYS_CHMOD, 1}, {unix.SYS_FCHMOD, 1}, {unix.SYS_FCHMODAT, 2}}
