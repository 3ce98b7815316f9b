package toolchains

import (
	"os"
	"syscall"
)

// changeTime is fi's change time (ctime) in nanoseconds: the time of the
// file's last change of any kind, which no call can set back.
func changeTime(fi os.FileInfo) (int64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return st.Ctimespec.Nano(), true
}
