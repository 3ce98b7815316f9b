package report

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/mattn/go-isatty"
)

// LiveProgress says whether a live status line goes to w, as a --progress
// flag asks: "on", "off", or "auto", on when w is a terminal, where a line
// can be redrawn in place; off in a CI log, which keeps only results.
func LiveProgress(mode string, w io.Writer) (bool, error) {
	switch mode {
	case "on":
		return true, nil
	case "off":
		return false, nil
	case "auto":
		return IsTerminal(w), nil
	}
	return false, fmt.Errorf("--progress: want auto, on or off, not %q", mode)
}

// IsTerminal reports whether w is a terminal: one that answers a
// terminal's ioctl, not any character device (/dev/null is one).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	tty := false
	rc.Control(func(fd uintptr) { tty = isatty.IsTerminal(fd) })
	return tty
}

// columnsFromEnv is $COLUMNS, which shells set for a terminal; 0 if unset.
func columnsFromEnv() int {
	n, _ := strconv.Atoi(os.Getenv("COLUMNS"))
	return max(n, 0)
}
