//go:build linux && (amd64 || arm64)

package confine

import (
	"fmt"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// dropCapabilities empties the calling thread's capabilities, so that a
// confined process run by root cannot load a module, reboot, or change a
// file it does not own by capability. Root's execve would grant the
// bounding set again, but not under no_new_privs, which the caller sets
// first: an execve then gains no capability its caller does not hold
// (cap_bprm_creds_from_file), and a set-user-ID or file-capability
// program none either. The bounding set is left as it is: emptying it
// took a system call per capability, 70 µs a confinement, for nothing.
func dropCapabilities() error {
	if _, _, errno := unix.RawSyscall6(unix.SYS_PRCTL, unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0, 0); errno != 0 && errno != unix.EINVAL {
		return fmt.Errorf("clearing ambient capabilities: %w", errno)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var none [2]unix.CapUserData
	if _, _, errno := unix.RawSyscall(unix.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&none[0])), 0); errno != 0 {
		return fmt.Errorf("dropping capabilities: %w", errno)
	}
	return nil
}

// holdersJoinable says whether this process's sandboxes run in holders
// (see holder): root's may, where it holds CAP_SYS_ADMIN to make and join
// their namespaces (a container's root often does not, and goes through a
// user namespace as another user does).
var holdersJoinable = sync.OnceValue(func() bool {
	if unix.Geteuid() != 0 {
		return false
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return false
	}
	return data[unix.CAP_SYS_ADMIN/32].Effective&(1<<(unix.CAP_SYS_ADMIN%32)) != 0
})
