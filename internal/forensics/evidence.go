package forensics

import (
	"path/filepath"
	"strings"
)

// milestones are exported entry points whose calls tell the phase when no
// frame of the crashed stack has a symbol: a stripped interpreter (Debian's
// /usr/bin/python3.11 without python3.11-dbg) still exports them. The rerun
// prints a line when each is called (gdbArgs); Py_Finalize is 2.7's name.
var milestones = []string{"Py_FinalizeEx", "Py_Finalize", "exit"}

// milestoneMark begins the line gdb prints when a milestone is called.
const milestoneMark = "@cleanexit milestone "

// evidence is what a rerun showed beyond the frames: which milestones the
// debugger could break on, which were called before the crash, and the
// interpreter it ran, for the remedy when symbols are missing.
type evidence struct {
	armed   map[string]bool
	called  map[string]bool
	program string
}

func (e evidence) finalizing() bool { return e.called["Py_FinalizeEx"] || e.called["Py_Finalize"] }
func (e evidence) exiting() bool    { return e.called["exit"] }

// watched reports whether the debugger had a breakpoint on the start of
// finalization when the program crashed: only then does "not called"
// mean "before finalization".
func (e evidence) watched() bool { return e.armed["Py_FinalizeEx"] || e.armed["Py_Finalize"] }

// unresolved reports whether the debugger could not name a frame's
// function: gdb's "??", lldb's unnamed symbols.
func unresolved(f Frame) bool {
	fn := strings.TrimSpace(f.Function)
	return fn == "" || fn == "??" || strings.Contains(fn, "lldb_unnamed_symbol")
}

// firstUnresolved is the innermost frame of the interpreter's own code
// without a function name, or nil: only such a frame may be
// Py_FinalizeEx, whose absence is what "runtime" claims. (A nameless
// frame of libffi's is not.)
func firstUnresolved(frames []Frame) *Frame {
	for i := range frames {
		if unresolved(frames[i]) && interpreterModule(frames[i].Module) {
			return &frames[i]
		}
	}
	return nil
}

// interpreterModule reports whether code in module m may be the
// interpreter's: the executable, libpython, or a module gdb could not
// place.
func interpreterModule(m string) bool {
	return m == "" || m == mainProgram || strings.HasPrefix(m, "libpython")
}

// noSymbols says whose symbols are missing for frame f, and how to get
// them: "no symbols for /usr/bin/python3.11: apt-get install python3.11-dbg".
func noSymbols(f *Frame, program string) string {
	who := f.Module
	interpreter := interpreterModule(who)
	if program != "" && (who == mainProgram || who == "") {
		who = program
	}
	if who == "" || who == mainProgram {
		who = "the interpreter"
	}
	s := "no symbols for " + who
	if interpreter {
		return s + ": " + interpreterSymbols(program)
	}
	return s + " (build it with -g, or install its debug symbols)"
}

// interpreterSymbols is the remedy for an interpreter without symbols.
// Debian and Ubuntu ship them as python3.N-dbg; pyenv and python.org
// builds keep theirs.
func interpreterSymbols(program string) string {
	base := filepath.Base(program)
	if strings.HasPrefix(program, "/usr/bin/python3.") && !strings.ContainsAny(base[len("python3."):], "-/") {
		return "apt-get install " + base + "-dbg"
	}
	return "install the interpreter's debug symbols, or use a build that keeps them (pyenv's do)"
}
