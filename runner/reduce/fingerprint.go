package reduce

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/runner/result"
)

// A Fingerprint is how a run crashed, in the terms a candidate must match to
// be interesting. Two crashes with the same exit but another signature, or
// (where the native stack was read) another phase or culprit frame, are
// different bugs: a reduction that turns a thread-local-destructor SIGSEGV
// into a SIGSEGV in the runtime has lost the bug it was meant to keep.
type Fingerprint struct {
	Exit      string // the signal ("SIGSEGV"), or "exit N" for a non-zero code
	Signature string // runner/diagnose's primary fatal signature; "" when stderr shows none
	Phase     string // from the native stack's forensics; "" when unavailable
	Culprit   string // the culprit frame, likewise
}

// Forensics reads the phase of the process's life and the culprit frame of
// a crashed run from what the run recorded; ok is false when the run has no
// native stack to read (no debugger here, or the run did not crash).
type Forensics func(res result.Result) (phase, culprit string, ok bool)

// fingerprintOf is the fingerprint of a run's decisive python invocation.
// forensics may be nil.
func fingerprintOf(res result.Result, forensics Forensics) Fingerprint {
	fp := Fingerprint{Signature: res.Signature}
	switch {
	case res.Signal != "":
		fp.Exit = res.Signal
	default:
		code, _, _ := strings.Cut(res.Actual, " (")
		fp.Exit = code
	}
	if forensics != nil {
		if phase, culprit, ok := forensics(res); ok {
			fp.Phase, fp.Culprit = phase, culprit
		}
	}
	return fp
}

// Crashed reports whether the fingerprint is of a failure at all: a signal
// or a non-zero exit.
func (f Fingerprint) Crashed() bool {
	return f.Exit != "" && f.Exit != "exit 0" && !strings.HasPrefix(f.Exit, "timed out")
}

// Matches reports whether a candidate's fingerprint is the same failure as
// the original's. The phase and culprit are compared only when the original
// has them: a host without a debugger compares the rest.
func (f Fingerprint) Matches(c Fingerprint) bool {
	if f.Exit != c.Exit || f.Signature != c.Signature {
		return false
	}
	if f.Phase != "" && f.Phase != c.Phase {
		return false
	}
	if f.Culprit != "" && f.Culprit != c.Culprit {
		return false
	}
	return true
}

// String reads "SIGSEGV · segfault · phase thread-local-dtor · culprit ~Refs".
func (f Fingerprint) String() string {
	parts := []string{f.Exit}
	if f.Signature != "" {
		parts = append(parts, f.Signature)
	} else {
		parts = append(parts, "stderr without a signature")
	}
	if f.Phase != "" {
		parts = append(parts, "phase "+f.Phase)
	}
	if f.Culprit != "" {
		parts = append(parts, "culprit "+f.Culprit)
	}
	return strings.Join(parts, " · ")
}

// Criteria names what interestingness compares for this fingerprint, for
// the report: "exit status class, stderr signature" and, when forensics
// read the stack, "phase, culprit frame".
func (f Fingerprint) Criteria(haveForensics bool) string {
	c := "same exit status class (" + f.Exit + "), same stderr signature"
	if f.Signature != "" {
		c += fmt.Sprintf(" (%s)", f.Signature)
	}
	switch {
	case f.Phase != "" || f.Culprit != "":
		c += ", same phase and culprit frame"
	case haveForensics:
		c += "; phase and culprit: the native stack could not be read for this run"
	default:
		c += "; phase and culprit: no native stack forensics in this build"
	}
	return c
}
