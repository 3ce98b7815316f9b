package report

import (
	"io"
	"os"
	"strings"
	"testing"
)

// TestNotATerminal: a character device is not a terminal. `cleanexit run
// > /dev/null` once drew its live status line, and its redraws, into
// /dev/null; a pipe and a buffer are not terminals either.
func TestNotATerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, out := range map[string]io.Writer{"/dev/null": null, "a pipe": w, "a buffer": &strings.Builder{}} {
		if IsTerminal(out) {
			t.Errorf("IsTerminal(%s) = true", name)
		}
		if live, _ := LiveProgress("auto", out); live {
			t.Errorf("--progress auto draws a live line into %s", name)
		}
	}
}
