package envs

import "syscall"

// Filesystem magic numbers (statfs(2) f_type) of Linux filesystems with
// copy-on-write clones (FICLONE).
const (
	btrfsMagic    = 0x9123683e
	xfsMagic      = 0x58465342
	bcachefsMagic = 0xca451a4e
)

// supportsClone reports whether path's filesystem can clone files. XFS
// supports it only when formatted with reflink=1; uv falls back to copying
// when a clone fails, so a wrong guess costs speed, not correctness.
func supportsClone(path string) bool {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return false
	}
	switch uint32(st.Type) {
	case btrfsMagic, xfsMagic, bcachefsMagic:
		return true
	}
	return false
}
