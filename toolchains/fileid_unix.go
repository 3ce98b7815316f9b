//go:build unix

package toolchains

import (
	"os"
	"syscall"
)

// fileID is a file's device and inode: two paths with the same fileID are
// the same file even when neither is a symlink (hard links, bind mounts).
type fileID struct{ dev, ino uint64 }

// fileIdentity reports fi's fileID; ok is false where the platform has none.
func fileIdentity(fi os.FileInfo) (id fileID, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, true
}
