package main

import (
	"github.com/cleanexit/cleanexit/runner/reduce"
	"github.com/cleanexit/cleanexit/runner/result"
)

// reduceForensics reads the phase and culprit frame of a crashed run for
// reduce's interestingness, from the rerun under the debugger that every
// crash gets (runner/forensics). The culprit is compared without its line:
// reducing the source moves lines, not the function that crashes.
var reduceForensics reduce.Forensics = func(res result.Result) (phase, culprit string, ok bool) {
	if !res.Native.Found() {
		return "", "", false
	}
	return string(res.Native.Phase), res.Native.CulpritFunction(), true
}

// reduceForensicsNote is what `reduce -h` says of phase and culprit.
const reduceForensicsNote = `Phase and culprit frame: where gdb (lldb on macOS)
can rerun the crash, the phase of death and the culprit frame (module and
function) must match too (docs/case-format.md, "Native backtraces").`
