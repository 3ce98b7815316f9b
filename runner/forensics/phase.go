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
	// Unknown: the stack has none of the marks above.
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
// first: the innermost mark of an exit path decides, since a thread-local
// destructor runs inside exit() and a Py_AtExit hook inside
// Py_FinalizeEx. Only a stack with no such mark is in the runtime.
func phaseOf(frames []Frame) Phase {
	for i, f := range frames {
		fn := canonical(f.Function)
		switch {
		case tlsMarks[fn] || strings.HasSuffix(fn, "::_finalizeListTLV"):
			return ThreadLocalDestructor
		case finalizationMarks[fn]:
			return Finalization
		case loaderFini[fn]:
			return StaticDestructor
		case exitMarks[fn]:
			// frames[i-1] is what exit() called: a static's
			// destructor (or its __tcf_ wrapper), or an atexit()
			// function.
			if i > 0 && isDestructor(frames[i-1].Function) {
				return StaticDestructor
			}
			return CAtexit
		}
	}
	for _, f := range frames {
		if runtimeMark[canonical(f.Function)] {
			return Runtime
		}
	}
	return Unknown
}
