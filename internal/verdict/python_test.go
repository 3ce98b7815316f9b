package verdict

import (
	"regexp"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// Stderr as interpreters write it, classified by the real classifier.
const (
	fatalError      = "Fatal Python error: PyThreadState_Get: the function must be called with the GIL held\nPython runtime state: finalizing\n"
	exceptionIgnore = "Exception ignored in: <function C.__del__ at 0x7f>\nTypeError: boom\n"
	ubsanError      = "holder.cpp:12:5: runtime error: member call on null pointer of type 'Refs'\n"
)

func TestPython(t *testing.T) {
	clean := &cases.Variant{}
	strictClean := &cases.Variant{Clean: "strict"}
	segv := &cases.Variant{Exit: exitstatus.Expect{Signals: []string{"SIGSEGV"}}}
	exit3 := &cases.Variant{Exit: exitstatus.Expect{Codes: []int{3}}}
	crash := &cases.Variant{Exit: exitstatus.Expect{Crash: true}}
	withStderr := &cases.Variant{Stderr: regexp.MustCompile(`(?m)^bye$`)}
	phased := &cases.Variant{Exit: exitstatus.Expect{Signals: []string{"SIGSEGV"}},
		Phases: []forensics.Phase{forensics.Finalization, forensics.StaticDestructor}}
	atPhase := func(p forensics.Phase) *forensics.Native {
		return &forensics.Native{Phase: p, Frames: []forensics.Frame{{Function: "Refs::clear", Module: "holder.so"}}}
	}
	segfault := exitstatus.Signaled(11)
	// A list that accepts a clean exit or a crash in a phase.
	zeroOrPhased := &cases.Variant{Exit: exitstatus.Expect{Codes: []int{0}, Signals: []string{"SIGSEGV"}},
		Phases: []forensics.Phase{forensics.Finalization}}
	zeroOrCrash := &cases.Variant{Exit: exitstatus.Expect{Codes: []int{0}, Crash: true}}
	zeroOrOne := &cases.Variant{Exit: exitstatus.Expect{Codes: []int{0, 1}}}
	hang := &cases.Variant{Exit: exitstatus.Expect{Timeout: true}}
	hangWithStacks := &cases.Variant{Exit: exitstatus.Expect{Timeout: true}, Stderr: regexp.MustCompile(`in __del__`)}
	killed := exitstatus.Signaled(9)

	tests := []struct {
		name    string
		variant *cases.Variant
		strict  bool
		negated bool
		status  exitstatus.Status
		stderr  string
		native  *forensics.Native
		noRerun string
		// timedOut: the run was stopped after its timeout (5s here)
		timedOut bool
		want     string // "" when the run ends as declared
		// unjudged: what the evidence left undecided
		unjudged string
	}{
		{name: "clean exit", variant: clean, status: exitstatus.Exited(0)},
		{name: "exit 1 where 0 is declared", variant: clean, status: exitstatus.Exited(1),
			want: "exit 1, want 0"},
		{name: "fatal error behind exit 0 is no clean exit", variant: clean, status: exitstatus.Exited(0), stderr: fatalError,
			want: "exit 0, want a clean exit · fatal-python-error: PyThreadState_Get"},
		{name: "UBSan runtime error behind exit 0 is no clean exit", variant: clean, status: exitstatus.Exited(0), stderr: ubsanError,
			want: "exit 0, want a clean exit · ubsan: member call on null pointer of type 'Refs'"},
		{name: "a warning does not fail a clean exit by default", variant: clean, status: exitstatus.Exited(0), stderr: exceptionIgnore},
		{name: "clean: strict alone fails a warning", variant: strictClean, status: exitstatus.Exited(0), stderr: exceptionIgnore,
			want: "exit 0 · exception-ignored at stderr line 1, want a clean exit (clean: strict)"},
		{name: "--strict alone fails a warning", variant: clean, strict: true, status: exitstatus.Exited(0), stderr: "ok\n" + exceptionIgnore,
			want: "exit 0 · exception-ignored at stderr line 2, want a clean exit (clean: strict)"},
		{name: "strict passes a clean exit without warnings", variant: strictClean, strict: true, status: exitstatus.Exited(0), stderr: "ok\n"},
		{name: "strict says nothing of a declared crash", variant: segv, strict: true, status: segfault, stderr: exceptionIgnore},
		{name: "declared signal", variant: segv, status: segfault},
		{name: "declared signal, clean exit", variant: segv, status: exitstatus.Exited(0),
			want: "exit 0, want SIGSEGV"},
		{name: "declared signal, other signal", variant: segv, status: exitstatus.Signaled(6),
			want: "exit 134 (SIGABRT), want SIGSEGV"},
		{name: "declared exit 3", variant: exit3, status: exitstatus.Exited(3)},
		{name: "declared exit 3, clean exit", variant: exit3, status: exitstatus.Exited(0), want: "exit 0, want 3"},
		{name: "declared exit 3 with a fatal error on stderr", variant: exit3, status: exitstatus.Exited(3), stderr: fatalError},
		{name: "crash: a fatal error behind exit 0 is the crash", variant: crash, status: exitstatus.Exited(0), stderr: fatalError},
		{name: "crash: a clean exit is not", variant: crash, status: exitstatus.Exited(0),
			want: "exit 0, want crash"},
		{name: "stderr pattern met", variant: withStderr, status: exitstatus.Exited(0), stderr: "hello\nbye\n"},
		{name: "stderr pattern missed", variant: withStderr, status: exitstatus.Exited(0), stderr: "hello\n",
			want: `exit 0, but stderr does not match "^bye$"`},
		{name: "stderr pattern missed, with the signature named", variant: withStderr, status: exitstatus.Exited(0), stderr: "hello\n" + exceptionIgnore,
			want: `exit 0, but stderr does not match "^bye$" · exception-ignored`},
		{name: "! python: a non-zero exit by itself", negated: true, variant: clean, status: exitstatus.Exited(1)},
		{name: "! python: a crash is no failure by itself", negated: true, variant: clean, status: segfault,
			want: "exit 139 (SIGSEGV), want a non-zero exit by itself (! python)"},
		{name: "! python: a fatal error behind exit 0 fails the line", negated: true, variant: clean, status: exitstatus.Exited(0), stderr: fatalError,
			want: "exit 0, want a non-zero exit by itself (! python) · fatal-python-error: PyThreadState_Get"},
		{name: "! python: a fatal error behind exit 1 fails the line", negated: true, variant: clean, status: exitstatus.Exited(1), stderr: fatalError,
			want: "exit 1, want a non-zero exit by itself (! python) · fatal-python-error: PyThreadState_Get"},
		{name: "! python: a clean exit is no failure", negated: true, variant: clean, status: exitstatus.Exited(0), stderr: exceptionIgnore,
			want: "exit 0, want a non-zero exit by itself (! python) · exception-ignored"},
		{name: "! python ignores the variant's expectation", negated: true, variant: segv, status: exitstatus.Exited(1)},
		{name: "! python: a warning does not fail a non-zero exit", negated: true, variant: strictClean, strict: true, status: exitstatus.Exited(1), stderr: exceptionIgnore},
		{name: "phase named and shown", variant: phased, status: segfault, native: atPhase(forensics.StaticDestructor)},
		{name: "phase named, another shown", variant: phased, status: segfault, native: atPhase(forensics.Runtime),
			want: "exit 139 (SIGSEGV) · runtime in holder.so: Refs::clear, want phase finalization or static-destructor"},
		{name: "phase named, no stack to read", variant: phased, status: segfault, native: &forensics.Native{Note: "no debugger"},
			unjudged: "phase finalization or static-destructor not judged: no debugger"},
		{name: "phase named, no rerun", variant: phased, status: segfault, noRerun: "--backtrace off",
			unjudged: "phase finalization or static-destructor not judged: --backtrace off"},
		{name: "phase named, the stack does not show it", variant: phased, status: segfault,
			native:   &forensics.Native{Phase: forensics.Unknown, PhaseReason: "no symbols for /usr/bin/python3.11", Frames: atPhase("").Frames},
			unjudged: "phase finalization or static-destructor not judged: no symbols for /usr/bin/python3.11"},
		{name: "phase named, the exit is wrong: a failure, not unjudged", variant: phased, status: exitstatus.Exited(0),
			native: &forensics.Native{Note: "no debugger"}, want: "exit 0, want SIGSEGV"},
		{name: "phase unnamed", variant: segv, status: segfault, native: atPhase(forensics.Runtime)},
		{name: "a hang where an exit is declared", variant: clean, timedOut: true, status: killed,
			want: "timed out after 5s"},
		{name: "exit: timeout, and it hangs", variant: hang, timedOut: true, status: killed},
		{name: "exit: timeout, but it ends", variant: hang, status: exitstatus.Exited(0),
			want: "exit 0, want timeout"},
		{name: "exit: timeout under ! python: a hang is no failure by itself", variant: hang, negated: true, timedOut: true, status: killed,
			want: "timed out after 5s"},
		{name: "exit: timeout, the stacks show the frame", variant: hangWithStacks, timedOut: true, status: killed,
			stderr: "Thread 0x1 (most recent call first):\n  File \"x.py\", line 3 in __del__\n"},
		{name: "exit: timeout, the stacks do not show it", variant: hangWithStacks, timedOut: true, status: killed,
			stderr: "Thread 0x1 (most recent call first):\n  File \"x.py\", line 3 in run\n",
			want:   `timed out after 5s, but stderr does not match "in __del__"`},
		{name: "phase named, a clean exit the list accepts: no stack to judge", variant: zeroOrPhased, status: exitstatus.Exited(0),
			native: &forensics.Native{Note: "no crash"}},
		{name: "exit [0, 1]: the 1 it accepts is not held to a clean exit's rules", variant: zeroOrOne, strict: true,
			status: exitstatus.Exited(1), stderr: fatalError + exceptionIgnore},
		{name: "exit [0, crash]: a clean 0 is still held to clean: strict", variant: zeroOrCrash, strict: true,
			status: exitstatus.Exited(0), stderr: exceptionIgnore,
			want: "exit 0 · exception-ignored at stderr line 1, want a clean exit (clean: strict)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Python(PythonRun{
				Variant:    tt.variant,
				GOOS:       "linux",
				Strict:     tt.strict,
				Negated:    tt.negated,
				Status:     tt.status,
				Signatures: diagnose.Classify(tt.stderr),
				Stderr:     tt.stderr,
				Native:     tt.native,
				NoRerun:    tt.noRerun,
				TimedOut:   tt.timedOut,
				Timeout:    5 * time.Second,
			})
			if got.Problem != tt.want || got.Unjudged != tt.unjudged {
				t.Errorf("Python() = %q, unjudged %q\n                         want %q, unjudged %q", got.Problem, got.Unjudged, tt.want, tt.unjudged)
			}
		})
	}
}

// TestNot holds `! exec` to `! python`'s rule, lit's not.
func TestNot(t *testing.T) {
	tests := []struct {
		name   string
		status exitstatus.Status
		stderr string
		want   string
	}{
		{"a non-zero exit by itself", exitstatus.Exited(3), "", ""},
		{"a death by signal", exitstatus.Signaled(11), "", "exit 139 (SIGSEGV), want a non-zero exit by itself (! exec)"},
		{"a shell's 139 is an exit by itself", exitstatus.Exited(139), "", ""},
		{"a fatal error behind exit 1", exitstatus.Exited(1), fatalError,
			"exit 1, want a non-zero exit by itself (! exec) · fatal-python-error: PyThreadState_Get"},
		{"a success", exitstatus.Exited(0), "", "exit 0, want a non-zero exit by itself (! exec)"},
		{"a warning does not fail it", exitstatus.Exited(2), exceptionIgnore, ""},
	}
	for _, tt := range tests {
		if got := Not("exec", tt.status, diagnose.Classify(tt.stderr)); got != tt.want {
			t.Errorf("%s: Not = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestStderrOfABigStream: where the middle of stderr was dropped, a
// single-line pattern is judged by what the stream matched as it passed,
// and one that may span lines is not judged at all.
func TestStderrOfABigStream(t *testing.T) {
	line := &cases.Variant{Stderr: regexp.MustCompile(`(?m)^the marker line$`)}
	spanning := &cases.Variant{Stderr: regexp.MustCompile(`(?m)(?s)marker.*end`)}
	kept := "head\n[cleanexit: 100 bytes of stderr dropped here, 10 kept of 110]\nend\n"
	tests := []struct {
		name          string
		variant       *cases.Variant
		dropped       int64
		matched       bool
		want, unjudge string
	}{
		{"matched in the dropped middle", line, 100, true, "", ""},
		{"matched nowhere", line, 100, false, `exit 0, but stderr does not match "^the marker line$"`, ""},
		{"may span lines", spanning, 100, false, "", "stderr pattern not judged: it may match across lines, and 100 bytes of the middle of stderr were not kept"},
		{"nothing dropped: the kept text decides", spanning, 0, false, `exit 0, but stderr does not match "(?s)marker.*end"`, ""},
	}
	for _, tt := range tests {
		j := Python(PythonRun{Variant: tt.variant, GOOS: "linux", Status: exitstatus.Exited(0), Stderr: kept,
			StderrDropped: tt.dropped, StderrMatched: tt.matched})
		if j.Problem != tt.want || j.Unjudged != tt.unjudge {
			t.Errorf("%s: Python = %q, unjudged %q; want %q, %q", tt.name, j.Problem, j.Unjudged, tt.want, tt.unjudge)
		}
	}
}
