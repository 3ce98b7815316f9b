package forensics

import (
	"fmt"
	"strings"
)

// A Phase is when, in a process's life, it died.
type Phase string

const (
	// Runtime: the interpreter's eval loop, before finalization began.
	Runtime Phase = "runtime"
	// Finalization: inside Py_FinalizeEx (finalize_modules, the GC's last
	// collection, Py_AtExit hooks).
	Finalization Phase = "finalization"
	// ThreadLocalDestructor: a C++ thread_local's destructor, run by
	// __call_tls_dtors (glibc) or tlv_finalize (macOS) as the main
	// thread ends inside exit(), after Py_RunMain returned.
	ThreadLocalDestructor Phase = "thread-local-destructor"
	// StaticDestructor: a C++ static's destructor or a shared object's
	// destructor function, run by exit() or the loader's fini.
	StaticDestructor Phase = "static-destructor"
	// CAtexit: a function registered with C atexit(), run by exit().
	CAtexit Phase = "c-atexit"
	// OtherThread: a thread other than the main thread crashed.
	OtherThread Phase = "other-thread"
	// Unknown: the evidence does not show when it died (Native.PhaseReason
	// says why). A case's `phase:` is not judged against it.
	Unknown Phase = "unknown"
)

// phases lists every phase a case may name in `phase:`, in the order of a
// process's life.
var phases = []Phase{Runtime, Finalization, ThreadLocalDestructor, StaticDestructor, CAtexit, OtherThread}

// ParsePhase checks a phase named in case.yaml.
func ParsePhase(s string) (Phase, error) {
	for _, p := range phases {
		if string(p) == s {
			return p, nil
		}
	}
	names := make([]string, len(phases))
	for i, p := range phases {
		names[i] = string(p)
	}
	return "", fmt.Errorf("unknown phase %q (want one of %s)", s, strings.Join(names, ", "))
}

// The marks on a stack, by function name as gdb and lldb show them (glibc's
// internal aliases such as __GI___call_tls_dtors are folded by canonical).
var (
	tlsMarks          = set("__call_tls_dtors", "tlv_finalize", "_tlv_exit", "tlv_finalize_list")
	finalizationMarks = set("Py_FinalizeEx", "Py_Finalize", "_Py_Finalize", "finalize_modules",
		"_PyImport_Fini", "finalize_interp_clear", "finalize_interp_delete", "Py_EndInterpreter", "call_ll_exitfuncs")
	// loaderFini runs shared objects' destructors: their statics and
	// __attribute__((destructor)) functions.
	loaderFini = set("_dl_fini", "_dl_call_fini", "__do_global_dtors_aux", "__cxa_finalize")
	// exitMarks run functions registered with atexit() and __cxa_atexit():
	// what the function they called is says which.
	exitMarks   = set("__run_exit_handlers", "exit", "__cxa_finalize_ranges", "_exit_handlers")
	runtimeMark = set("_PyEval_EvalFrameDefault", "PyEval_EvalCode", "PyEval_EvalFrameEx", "Py_RunMain",
		"Py_Main", "Py_BytesMain", "pymain_run_python", "PyRun_SimpleFileExFlags", "_PyRun_SimpleFileObject")
)

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// canonical folds glibc's internal aliases (__GI_exit, __GI___call_tls_dtors)
// and lldb's leading underscore on Mach-O symbols where it has one.
func canonical(fn string) string {
	fn = strings.TrimPrefix(fn, "__GI_")
	if strings.HasPrefix(fn, "_") && !strings.HasPrefix(fn, "__") {
		if trimmed := fn[1:]; exitMarks[trimmed] || tlsMarks[trimmed] {
			return trimmed
		}
	}
	return fn
}

// isDestructor reports whether a function is a C++ destructor or the
// compiler's wrapper that runs one for a static.
func isDestructor(fn string) bool {
	if strings.HasPrefix(fn, "__tcf_") || strings.HasPrefix(fn, "_GLOBAL__sub_D") || strings.HasPrefix(fn, "__cxx_global_array_dtor") {
		return true
	}
	name := fn
	if i := strings.Index(name, "<"); i >= 0 {
		// std::vector<nanobind::object>::~vector: the destructor's
		// marker is after the template's closing bracket.
		name = name[strings.LastIndex(name, ">")+1:]
	}
	return strings.Contains(name, "::~") || strings.HasPrefix(name, "~")
}

// phaseOf reads the phase from the crashing thread's frames, innermost
// first, and from what the milestones showed; reason says why a phase is
// Unknown. The innermost mark of an exit path decides, since a
// thread-local destructor runs inside exit() and a Py_AtExit hook inside
// Py_FinalizeEx. Without a mark the milestones decide: finalization had
// begun, or exit() had, or (where the debugger watched for it) neither.
// Without milestones, only a stack whose every frame is named is in the
// runtime: a frame shown as ?? may be Py_FinalizeEx's.
func phaseOf(frames []Frame, ev evidence) (p Phase, reason string) {
	for i, f := range frames {
		fn := canonical(f.Function)
		switch {
		case tlsMarks[fn] || strings.HasSuffix(fn, "::_finalizeListTLV"):
			return ThreadLocalDestructor, ""
		case finalizationMarks[fn]:
			return Finalization, ""
		case loaderFini[fn]:
			return StaticDestructor, ""
		case exitMarks[fn]:
			// frames[i-1] is what exit() called: a static's
			// destructor (or its __tcf_ wrapper), or an atexit()
			// function.
			if i == 0 {
				return CAtexit, ""
			}
			called := frames[i-1]
			if isDestructor(called.Function) {
				return StaticDestructor, ""
			}
			if unresolved(called) {
				return Unknown, "exit() ran a function that has no name: " + noSymbols(&called, ev.program) +
					"; without it an atexit() hook and a static's destructor look alike"
			}
			return CAtexit, ""
		}
	}
	switch {
	case ev.exiting():
		return Unknown, "exit() had begun, but no frame names the handler it ran" + missing(frames, ev.program)
	case ev.finalizing():
		return Finalization, ""
	case ev.watched():
		return Runtime, ""
	}
	if f := firstUnresolved(frames); f != nil {
		return Unknown, noSymbols(f, ev.program)
	}
	for _, f := range frames {
		if runtimeMark[canonical(f.Function)] {
			return Runtime, ""
		}
	}
	return Unknown, "no frame of the crashed thread marks a phase"
}

// missing is ": no symbols for …" when a frame has no name, else "".
func missing(frames []Frame, program string) string {
	if f := firstUnresolved(frames); f != nil {
		return ": " + noSymbols(f, program)
	}
	return ""
}
