package script

import (
	"runtime"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestOffThread: a command run off the script's thread ends the script
// when it fails (Goexit), hands its panic to the script, and otherwise
// returns to the script's next line.
func TestOffThread(t *testing.T) {
	tests := []struct {
		name       string
		cmd        func(*testscript.TestScript, bool, []string)
		wantNext   bool
		wantPanics bool
	}{
		{"returns", func(*testscript.TestScript, bool, []string) {}, true, false},
		{"fails", func(*testscript.TestScript, bool, []string) { runtime.Goexit() }, false, false},
		{"panics", func(*testscript.TestScript, bool, []string) { panic("boom") }, false, true},
	}
	for _, tt := range tests {
		var next bool
		var panicked any
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer func() { panicked = recover() }()
			offThread(tt.cmd)(nil, false, nil)
			next = true
		}()
		<-done
		if next != tt.wantNext || (panicked != nil) != tt.wantPanics {
			t.Errorf("%s: script went on %v, panicked %v; want %v, %v", tt.name, next, panicked, tt.wantNext, tt.wantPanics)
		}
	}
}
