package reduce

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner/result"
)

// A Fingerprint is how a run crashed, in the terms a candidate must match to
// be interesting. Two crashes with the same exit but another signature, or
// (where the native stack was read) another phase or culprit frame, are
// different bugs: a reduction that turns a thread-local-destructor SIGSEGV
// into a SIGSEGV in the runtime has lost the bug it was meant to keep.
type Fingerprint struct {
	Exit      string // the signal ("SIGSEGV"), or "exit N" for a non-zero code
	Signature string // internal/diagnose's primary fatal signature; "" when stderr shows none
	// Native is the rerun under the debugger (internal/forensics): phase and
	// culprit frame; nil or without a stack where none could be read.
	Native *forensics.Native
}

// fingerprintOf is the fingerprint of a run's decisive python invocation.
func fingerprintOf(res result.Result) Fingerprint {
	fp := Fingerprint{Signature: res.Signature, Native: res.Native}
	switch {
	case res.Signal != "":
		fp.Exit = res.Signal
	default:
		code, _, _ := strings.Cut(res.Actual, " (")
		fp.Exit = code
	}
	return fp
}

// Crashed reports whether the fingerprint is of a failure at all: a signal
// or a non-zero exit.
func (f Fingerprint) Crashed() bool {
	return f.Exit != "" && f.Exit != "exit 0" && !strings.HasPrefix(f.Exit, "timed out")
}

// Matches reports whether a candidate's fingerprint is the same failure as
// the original's. The phase, the culprit and the frame that faulted are
// compared only when the original's native stack was read
// (forensics.Native.SameCrash, which leaves line numbers out: a reduced
// source moves them); a host without a debugger compares the rest.
func (f Fingerprint) Matches(c Fingerprint) bool {
	if f.Exit != c.Exit || f.Signature != c.Signature {
		return false
	}
	return !f.Native.Found() || f.Native.SameCrash(c.Native) && sameTopFrame(f.Native, c.Native)
}

// sameTopFrame reports whether two stacks faulted in the same function:
// the culprit alone is the extension's frame, and an object released
// after finalization (the fault in the interpreter's dealloc, under the
// culprit) and a NULL or garbage pointer dereferenced by the culprit
// itself are two bugs in one function.
func sameTopFrame(a, b *forensics.Native) bool {
	x, y := a.Frames[0], b.Frames[0]
	return x.Module == y.Module && strings.ReplaceAll(x.Function, "(anonymous namespace)::", "") == strings.ReplaceAll(y.Function, "(anonymous namespace)::", "")
}

// MatchesScreened is Matches without phase and culprit: what a run without
// the debugger can show (Target.Screen).
func (f Fingerprint) MatchesScreened(c Fingerprint) bool {
	return f.Exit == c.Exit && f.Signature == c.Signature
}

// String reads "SIGSEGV · segfault · thread-local-destructor in holder…so: Refs::clear".
func (f Fingerprint) String() string {
	parts := []string{f.Exit}
	if f.Signature != "" {
		parts = append(parts, f.Signature)
	} else {
		parts = append(parts, "stderr without a signature")
	}
	if f.Native.Found() {
		parts = append(parts, f.Native.Summary())
	}
	return strings.Join(parts, " · ")
}

// Criteria names what interestingness compares for this fingerprint, for
// the report, and why phase and culprit are not compared when they are not.
func (f Fingerprint) Criteria() string {
	c := "same exit status class (" + f.Exit + "), same stderr signature"
	if f.Signature != "" {
		c += fmt.Sprintf(" (%s)", f.Signature)
	}
	switch {
	case f.Native.Found():
		c += ", same phase and culprit frame (" + f.Native.Summary() + ")"
	case f.Native != nil && f.Native.Note != "":
		c += "; phase and culprit not compared: " + f.Native.Note
	default:
		c += "; phase and culprit not compared: the crash was not rerun under a debugger (backtrace: off?)"
	}
	return c
}
