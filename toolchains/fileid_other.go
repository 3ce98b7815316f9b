//go:build !unix

package toolchains

import "os"

// fileID is a file's device and inode; this platform exposes none through
// os.FileInfo, so files are told apart by their resolved path alone.
type fileID struct{ dev, ino uint64 }

// fileIdentity reports that no fileID is available here.
func fileIdentity(fi os.FileInfo) (id fileID, ok bool) { return fileID{}, false }
