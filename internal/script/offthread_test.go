package script

import (
	"runtime"
	"testing"
)

// TestOffThread: a command run off the script's thread ends the script
// when it fails (Goexit), hands its panic to the script, and otherwise
// returns to the script's next line.
func TestOffThread(t *testing.T) {
	tests := []struct {
		name       string
		cmd        func()
		wantNext   bool
		wantPanics bool
	}{
		{"returns", func() {}, true, false},
		{"fails", func() { runtime.Goexit() }, false, false},
		{"panics", func() { panic("boom") }, false, true},
	}
	for _, tt := range tests {
		var next bool
		var panicked any
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer func() { panicked = recover() }()
			offThread(tt.cmd)
			next = true
		}()
		<-done
		if next != tt.wantNext || (panicked != nil) != tt.wantPanics {
			t.Errorf("%s: script went on %v, panicked %v; want %v, %v", tt.name, next, panicked, tt.wantNext, tt.wantPanics)
		}
	}
}
