package report

import "github.com/cleanexit/cleanexit/internal/forensics"

// nativeHeadline reads "thread-local-destructor · Thread 1 "python3.12"
// got SIGSEGV in holder.cpython-312-x86_64-linux-gnu.so: Refs::clear
// (holder.cpp:12)": the phase, the thread and the culprit in full.
func nativeHeadline(n *forensics.Native) string {
	s := string(n.Phase)
	if n.Thread != "" {
		s += " · " + n.Thread
		if n.Signal != "" {
			s += " got " + n.Signal
		}
	}
	if n.Culprit != "" {
		s += " in " + n.Culprit
	} else {
		s += " (no frame outside the C runtime and the interpreter)"
	}
	return s
}
