package envs

import "syscall"

// supportsClone reports whether path's filesystem can clone files
// (clonefile(2)), which on macOS means APFS.
func supportsClone(path string) bool {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return false
	}
	var name []byte
	for _, c := range st.Fstypename {
		if c == 0 {
			break
		}
		name = append(name, byte(c))
	}
	return string(name) == "apfs"
}
