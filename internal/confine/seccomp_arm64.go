//go:build linux

package confine

import "golang.org/x/sys/unix"

const (
	auditArch = unix.AUDIT_ARCH_AARCH64
	x32       = false
)

// chmodArch are arm64's system calls that set a mode (it has no chmod,
// only the *at form and the fd one).
var chmodArch = []argCall{{unix.SYS_FCHMOD, 1}, {unix.SYS_FCHMODAT, 2}}
