package forensics

import (
	"fmt"
	"path/filepath"
	"strings"
)

// A Frame is one line of a native backtrace.
type Frame struct {
	Function string `json:"function"`         // as the debugger names it, arguments left out
	Module   string `json:"module,omitempty"` // the file the code lives in: libc.so.6, holder.cpython-312-x86_64-linux-gnu.so
	File     string `json:"file,omitempty"`   // source file, when there is debug info
	Line     int    `json:"line,omitempty"`
}

// String reads "holder.cpython-312-x86_64-linux-gnu.so: Refs::clear (holder.cpp:12)".
func (f Frame) String() string {
	s := f.Function
	if f.Module != "" {
		s = f.Module + ": " + s
	}
	if f.File != "" {
		loc := filepath.Base(f.File)
		if f.Line > 0 {
			loc += fmt.Sprintf(":%d", f.Line)
		}
		s += " (" + loc + ")"
	}
	return s
}

// A thread is one thread's stack, innermost frame first.
type thread struct {
	Name   string // "Thread 2 \"python3.12\"" (gdb), "thread #2" (lldb)
	Main   bool   // the process's first thread
	Frames []Frame
}

// stacks is what one debugger run showed.
type stacks struct {
	Signal  string   // "SIGSEGV"; "" when the program did not stop on a signal
	Crashed int      // index in Threads of the thread that received it; -1 when unknown
	Threads []thread // in the debugger's order
	Exited  string   // how the program ended when it did not crash: "exited normally", "exited with code 01"
	Text    string   // the backtraces as the debugger printed them, for -v
	// Armed and Called are the milestones the debugger had a breakpoint
	// on when the program stopped, and those the program called.
	Armed, Called map[string]bool
	Debugger      string // "gdb", "lldb"
}

// crashed returns the thread that received the signal, or nil.
func (s stacks) crashed() *thread {
	if s.Crashed < 0 || s.Crashed >= len(s.Threads) {
		return nil
	}
	return &s.Threads[s.Crashed]
}

// baseModule is a module's file name without its folder.
func baseModule(path string) string {
	path = strings.TrimSpace(path)
	if path == "" {
		return ""
	}
	return filepath.Base(path)
}
