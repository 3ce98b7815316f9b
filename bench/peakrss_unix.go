//go:build unix

package main

import "syscall"

// maxrss reads ru_maxrss from what SysUsage returned, where it is a
// *syscall.Rusage.
func maxrss(u any) int64 {
	if ru, ok := u.(*syscall.Rusage); ok && ru != nil {
		return int64(ru.Maxrss)
	}
	return 0
}
