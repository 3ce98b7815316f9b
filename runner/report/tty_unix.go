//go:build linux || darwin

package report

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// TerminalWidth is the width in columns of the terminal w writes to, so
// that the status line uses all of it; 0 when w is no terminal.
func TerminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	var ws struct{ Row, Col, X, Y uint16 }
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(syscall.TIOCGWINSZ), uintptr(unsafe.Pointer(&ws))); errno != 0 {
		return columnsFromEnv()
	}
	return int(ws.Col)
}
