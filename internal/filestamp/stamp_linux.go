package filestamp

import (
	"os"
	"syscall"
)

// Of is fi's stamp; false where fi holds no inode.
func Of(fi os.FileInfo) (Stamp, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return Stamp{}, false
	}
	return Stamp{Dev: uint64(st.Dev), Ino: uint64(st.Ino), Size: st.Size, MtimeNS: st.Mtim.Nano(), CtimeNS: st.Ctim.Nano()}, true
}
