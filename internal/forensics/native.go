package forensics

import (
	"path/filepath"
	"strings"
)

// Native is the native verdict on a crash: when it died, in whose code,
// and every frame of the thread that died.
type Native struct {
	Phase Phase `json:"phase,omitempty"`
	// PhaseReason says why the phase is Unknown, with the remedy: "no
	// symbols for /usr/bin/python3.11: apt-get install python3.11-dbg".
	PhaseReason string  `json:"phase_reason,omitempty"`
	Thread      string  `json:"thread,omitempty"`  // the thread that crashed: `Thread 2 "python3.12"`
	Signal      string  `json:"signal,omitempty"`  // the signal the rerun stopped on
	Culprit     string  `json:"culprit,omitempty"` // `holder.cpython-312-x86_64-linux-gnu.so: (anonymous namespace)::Refs::clear (holder.cpp:12)`
	Frames      []Frame `json:"frames,omitempty"`  // the crashing thread, innermost first
	Stacks      string  `json:"stacks,omitempty"`  // every thread as the debugger printed it, for -v
	Debugger    string  `json:"debugger,omitempty"`
	// Note says in one line why there is no stack: no debugger, a rerun
	// that did not crash, a rerun that timed out.
	Note string `json:"note,omitempty"`
}

// Found reports whether the rerun gave a stack to read.
func (n *Native) Found() bool { return n != nil && len(n.Frames) > 0 }

// Summary reads "thread-local-destructor in holder…so: Refs::clear", the
// form the result line shows; the note when there is no stack.
func (n *Native) Summary() string {
	if n == nil {
		return ""
	}
	if !n.Found() {
		return n.Note
	}
	s := string(n.Phase)
	switch {
	case n.Phase == OtherThread && n.Thread != "":
		s += " (" + n.Thread + ")"
	case n.Phase == Unknown && n.PhaseReason != "":
		s = "phase unknown (" + n.PhaseReason + ")"
	}
	if c := culpritFrame(n.Frames); c != nil {
		s += " in "
		if c.Module != "" {
			s += shortModule(c.Module) + ": "
		}
		s += c.Function
	}
	return s
}

// classify names the phase and culprit of a debugger's stacks; program is
// the interpreter the rerun ran, named in the remedy when its symbols are
// missing. A rerun that did not stop on a signal gives a Native with only
// a Note.
func classify(s stacks, program string) Native {
	n := Native{Debugger: s.Debugger, Stacks: s.Text, Signal: s.Signal}
	t := s.crashed()
	switch {
	case t == nil && s.Exited != "":
		n.Note = "the rerun under " + s.Debugger + " " + s.Exited + ": no native stack (the crash did not happen again)"
		return n
	case t == nil:
		n.Note = "the rerun under " + s.Debugger + " showed no stack of a crashed thread"
		return n
	}
	n.Thread, n.Frames = t.Name, t.Frames
	if t.Main {
		n.Phase, n.PhaseReason = phaseOf(t.Frames, evidence{armed: s.Armed, called: s.Called, program: program})
	} else {
		n.Phase = OtherThread
	}
	if c := culpritFrame(t.Frames); c != nil {
		n.Culprit = c.String()
	}
	return n
}

// culpritFrame is the innermost frame in code that is neither the C or C++
// runtime, the loader, nor the interpreter, and not one of Python's inline
// API functions compiled into an extension (Py_DECREF is the interpreter
// speaking, whoever's object code holds it).
func culpritFrame(frames []Frame) *Frame {
	for i := range frames {
		f := &frames[i]
		if f.Module == "" || systemModule(f.Module) || pythonInline(f) {
			continue
		}
		return f
	}
	return nil
}

// systemModule reports whether a module is the platform's or the
// interpreter's own code.
func systemModule(m string) bool {
	if m == mainProgram || m == "libpython" {
		return true
	}
	base := strings.ToLower(filepath.Base(m))
	for _, p := range []string{
		"libc.so", "libc-", "libstdc++", "libgcc_s", "ld-linux", "ld64.so", "libpthread", "libm.so", "libdl.so",
		"linux-vdso", "libpython", "libsystem_", "libdyld", "dyld", "libc++", "libobjc",
	} {
		if strings.HasPrefix(base, p) {
			return true
		}
	}
	// The interpreter executable (python3.12, Python) and the macOS framework.
	return strings.HasPrefix(base, "python") && !strings.Contains(base, ".so") || base == "python"
}

// pythonInline reports whether a frame is one of the interpreter's inline
// functions (Py_DECREF, _Py_Dealloc) that a header compiled into an
// extension.
func pythonInline(f *Frame) bool {
	fn := f.Function
	if strings.HasPrefix(fn, "Py_") || strings.HasPrefix(fn, "_Py") {
		return true
	}
	dir := filepath.ToSlash(filepath.Dir(f.File))
	return strings.Contains(dir, "/include/python")
}

// shortModule shortens a module's file name for a one-line summary:
// "holder.cpython-312-x86_64-linux-gnu.so" reads "holder…so".
func shortModule(m string) string {
	name, rest, ok := strings.Cut(m, ".")
	if !ok || !strings.Contains(rest, ".") {
		return m
	}
	return name + "…" + rest[strings.LastIndex(rest, ".")+1:]
}

// SameCrash reports whether two verdicts show the same crash: the same
// phase, and the same culprit function in the same module. Lines are
// left out, so that a reduced repro (cleanexit's reduce) whose source
// moved still counts as the crash it was reduced from; so is the
// anonymous namespace, which gives a function internal linkage and
// changes nothing of what it does: Refs::clear moved out of
// `namespace {` is the same destructor.
func (n *Native) SameCrash(o *Native) bool {
	if !n.Found() || !o.Found() || n.Phase != o.Phase {
		return false
	}
	a, b := culpritFrame(n.Frames), culpritFrame(o.Frames)
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Module == b.Module && withoutAnonymousNamespace(a.Function) == withoutAnonymousNamespace(b.Function)
}

// withoutAnonymousNamespace is a demangled name without its
// "(anonymous namespace)::" qualifiers.
func withoutAnonymousNamespace(fn string) string {
	return strings.ReplaceAll(fn, "(anonymous namespace)::", "")
}

// culpritFunction is the culprit without its source line, "holder.so:
// Refs::clear": what stays the same while a repro is reduced around it.
func (n *Native) culpritFunction() string {
	if !n.Found() {
		return ""
	}
	c := culpritFrame(n.Frames)
	if c == nil {
		return ""
	}
	if c.Module == "" {
		return c.Function
	}
	return c.Module + ": " + c.Function
}
