//go:build linux && (amd64 || arm64)

package confine

import (
	"fmt"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// minABI is the first Landlock ABI that covers truncation: before it, a
// confined process could empty any file it can open for reading.
const minABI = 3

// landlockABI is the kernel's Landlock ABI version; 0 when the kernel has
// no Landlock or boots without it in its LSM list.
var landlockABI = sync.OnceValue(func() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
})

// writeAccess is every way of changing a file or a folder that Landlock
// can refuse; reading and executing stay allowed everywhere.
const writeAccess = unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE |
	unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
	unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR |
	unix.LANDLOCK_ACCESS_FS_MAKE_REG | unix.LANDLOCK_ACCESS_FS_MAKE_SOCK |
	unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
	unix.LANDLOCK_ACCESS_FS_MAKE_SYM | unix.LANDLOCK_ACCESS_FS_REFER

// fileAccess is what a rule on a file, not a folder, may grant.
const fileAccess = unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE

// shared are writable for every confined process: devices that keep no
// state, the pseudo-terminals a test may open, and /dev/shm, where
// multiprocessing's semaphores live (sem_open has no other folder).
var shared = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/ptmx", "/dev/pts", "/dev/shm"}

// ruleset makes the Landlock ruleset of p: writes beneath p.Writable and
// shared only and, from ABI 6, no signal to a process outside the
// confinement nor connection to an abstract Unix socket bound outside it.
func ruleset(p Policy) (int, error) {
	attr := unix.LandlockRulesetAttr{Access_fs: writeAccess}
	size := unsafe.Sizeof(attr.Access_fs)
	if ScopesSignals() {
		attr.Scoped = unix.LANDLOCK_SCOPE_SIGNAL | unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
		size = unsafe.Sizeof(attr)
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return -1, fmt.Errorf("landlock: creating a ruleset: %w", errno)
	}
	rs := int(fd)
	for _, dir := range p.Writable {
		rule, err := beneath(dir)
		if err == nil {
			err = add(rs, &rule)
			unix.Close(int(rule.Parent_fd))
		}
		if err != nil {
			unix.Close(rs)
			return -1, fmt.Errorf("landlock: writable %s: %w", dir, err)
		}
	}
	for _, rule := range sharedRules() {
		if err := add(rs, &rule); err != nil {
			unix.Close(rs)
			return -1, fmt.Errorf("landlock: %w", err)
		}
	}
	return rs, nil
}

// sharedRules are the rules for shared, made once per process: each holds
// its path open (O_PATH) for the life of the process, so that a run's
// ruleset opens nothing but its own folders. A path that cannot be opened
// (a machine without /dev/shm) is simply not writable.
var sharedRules = sync.OnceValue(func() []unix.LandlockPathBeneathAttr {
	var rules []unix.LandlockPathBeneathAttr
	for _, path := range shared {
		if rule, err := beneath(path); err == nil {
			rules = append(rules, rule)
		}
	}
	return rules
})

// beneath is the rule that lets writes go beneath path, or to path itself
// when it is not a folder. Its Parent_fd is path, opened O_PATH, for the
// caller to close once the rule is added.
func beneath(path string) (unix.LandlockPathBeneathAttr, error) {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return unix.LandlockPathBeneathAttr{}, err
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return unix.LandlockPathBeneathAttr{}, err
	}
	rule := unix.LandlockPathBeneathAttr{Allowed_access: writeAccess, Parent_fd: int32(fd)}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		rule.Allowed_access = fileAccess
	}
	return rule, nil
}

// add adds rule to the ruleset rs.
func add(rs int, rule *unix.LandlockPathBeneathAttr) error {
	_, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rs), unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(rule)), 0, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// enforce confines the calling thread by the ruleset rs.
func enforce(rs int) error {
	if _, _, errno := unix.RawSyscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(rs), 0, 0); errno != 0 {
		return fmt.Errorf("landlock: %w", errno)
	}
	return nil
}

// ScopesSignals says whether a confined process is also kept from
// signalling processes outside its confinement (Landlock ABI 6, Linux
// 6.12); before it, a process of the same user can be signalled.
func ScopesSignals() bool { return landlockABI() >= 6 }
