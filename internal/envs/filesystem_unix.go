//go:build unix

package envs

import (
	"os"
	"syscall"
)

// sameFilesystem reports whether a and b (both existing) live on one
// filesystem, i.e. have the same device id; links cannot cross devices.
func sameFilesystem(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA != nil || errB != nil {
		return false
	}
	sa, okA := ia.Sys().(*syscall.Stat_t)
	sb, okB := ib.Sys().(*syscall.Stat_t)
	return okA && okB && sa.Dev == sb.Dev
}
