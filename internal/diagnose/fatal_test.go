package diagnose

import "testing"

// Fatal decides whether a clean exit still fails: a crash, an abort or a
// sanitizer's report is fatal; a warning the interpreter survived is not.
func TestFatal(t *testing.T) {
	tests := []struct {
		line  string
		fatal bool
	}{
		{"Fatal Python error: Segmentation fault", true},
		{"Fatal Python error: Aborted", true},
		{"Fatal Python error: PyThreadState_Get: the function must be called with the GIL held", true},
		{"==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020", true},
		{"==1==ERROR: LeakSanitizer: detected memory leaks", true},
		{"holder.cpp:12:5: runtime error: member call on null pointer of type 'Foo'", true},
		{"terminate called without an active exception", true},
		{"libc++abi: terminating", true},
		{"double free or corruption (out)", true},
		{"python3(1,0x1) malloc: *** error for object 0x600: pointer being freed was not allocated", true},
		{"Segmentation fault (core dumped)", true},
		{"Aborted (core dumped)", true},
		{"nanobind: leaked 1 instances!", false},
		{"Error in atexit._run_exitfuncs:", false},
		{"Exception ignored in: <function Foo.__del__ at 0x7f>", false},
	}
	for _, tt := range tests {
		sigs := Classify(tt.line + "\n")
		if len(sigs) != 1 {
			t.Errorf("Classify(%q) = %v, want one signature", tt.line, sigs)
			continue
		}
		if sigs[0].Fatal != tt.fatal || AnyFatal(sigs) != tt.fatal {
			t.Errorf("%q: Fatal = %v, AnyFatal = %v, want %v", tt.line, sigs[0].Fatal, AnyFatal(sigs), tt.fatal)
		}
	}
	if AnyFatal(Classify("Exception ignored in: x\nFatal Python error: Aborted\n")) != true {
		t.Errorf("AnyFatal misses a fatal signature after a warning")
	}
	if AnyFatal(nil) {
		t.Errorf("AnyFatal(nil) = true")
	}
}

// On a tie of severity, the first signature explains the death: what
// came after is its consequence.
func TestPrimaryTieNamesTheFirst(t *testing.T) {
	stderr := "Fatal Python error: PyThreadState_Get: the function must be called with the GIL held\n" +
		"Python runtime state: finalizing\n" +
		"Fatal Python error: _enter_buffered_busy: could not acquire lock for <_io.BufferedWriter name='<stderr>'>\n"
	p, ok := Primary(Classify(stderr))
	if !ok || p.String() != "fatal-python-error: PyThreadState_Get" || p.Line != 1 {
		t.Errorf("Primary = %v (line %d), want fatal-python-error: PyThreadState_Get at line 1", p, p.Line)
	}
	if _, ok := Primary(nil); ok {
		t.Errorf("Primary(nil) found a signature")
	}
	// Severity decides over order: the sanitizer's report explains the
	// fatal error that followed it, and a fatal error the abort.
	p, _ = Primary(Classify("Fatal Python error: Aborted\nFatal Python error: X: y\n==1==ERROR: AddressSanitizer: heap-use-after-free on x\n"))
	if p.String() != "asan: heap-use-after-free" {
		t.Errorf("Primary = %v, want the asan report", p)
	}
}
