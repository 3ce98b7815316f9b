package report

import (
	"fmt"
	"io"
	"os"
	"strconv"
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

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// columnsFromEnv is $COLUMNS, which shells set for a terminal; 0 if unset.
func columnsFromEnv() int {
	n, _ := strconv.Atoi(os.Getenv("COLUMNS"))
	return max(n, 0)
}
