package forensics

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClassifyRecordedStacks reads every recorded debugger output in
// testdata: gdb's were captured on this project's Linux host from the
// shipped native cases and the programs in testdata/programs; lldb's were
// written from lldb's documented format (each says so in its header).
func TestClassifyRecordedStacks(t *testing.T) {
	const (
		holder  = "holder.cpython-312-x86_64-linux-gnu.so: (anonymous namespace)::Refs::clear (holder.cpp:12)"
		hook    = "hook.cpython-312-x86_64-linux-gnu.so: release_saved (hook.c:9)"
		fncache = "fncache.cpython-312-x86_64-linux-gnu.so: (anonymous namespace)::Cache::clear (fncache.cpp:21)"
		ctypes  = "_ctypes.cpython-312-x86_64-linux-gnu.so: string_at (_ctypes.c:5528)"
		// Debian's _ctypes has no symbols either: its frame is unnamed.
		deb311Ctypes = "_ctypes.cpython-311-x86_64-linux-gnu.so: ??"
		deb311Hook   = "hook.cpython-311-x86_64-linux-gnu.so: release_saved (hook.c:9)"
	)
	tests := []struct {
		file    string
		phase   Phase
		signal  string
		thread  string
		culprit string
		note    string // a part of the note, for outputs without a crash
	}{
		{"gdb-thread-local-refs-buggy-3.12.txt", ThreadLocalDestructor, "SIGSEGV", `Thread 1 "python3.12"`, holder, ""},
		{"gdb-thread-local-refs-buggy-3.13.txt", ThreadLocalDestructor, "SIGABRT", `Thread 1 "python3.13"`, strings.Replace(holder, "312", "313", 1), ""},
		{"gdb-thread-local-refs-worker-thread-3.12.txt", OtherThread, "SIGSEGV", `Thread 2 "python3.12"`, holder, ""},
		{"gdb-static-callable-cache-buggy-3.12.txt", StaticDestructor, "SIGSEGV", `Thread 1 "python3.12"`, fncache, ""},
		{"gdb-static-callable-cache-buggy-deb3.11.txt", StaticDestructor, "SIGABRT", `Thread 1 "python3.11"`, strings.Replace(fncache, "312", "311", 1), ""},
		{"gdb-c-atexit-hook-buggy-3.12.txt", CAtexit, "SIGSEGV", `Thread 1 "python3.12"`, hook, ""},
		{"gdb-c-atexit-hook-buggy-destructor-3.12.txt", StaticDestructor, "SIGSEGV", `Thread 1 "python3.12"`, hook, ""},
		{"gdb-c-atexit-hook-py-atexit-3.12.txt", Finalization, "SIGSEGV", `Thread 1 "python3.12"`, hook, ""},
		{"gdb-ctypes-finalization-3.12.txt", Finalization, "SIGSEGV", `Thread 1 "python3.12"`, ctypes, ""},
		{"gdb-ctypes-runtime-3.12.txt", Runtime, "SIGSEGV", `Thread 1 "python3.12"`, ctypes, ""},
		{"gdb-static-destructor-3.12.txt", StaticDestructor, "SIGSEGV", `Thread 1 "python3.12"`,
			"staticdtor.cpython-312-x86_64-linux-gnu.so: (anonymous namespace)::Registry::~Registry (staticdtor.cpp:8)", ""},
		{"gdb-thread-local-refs-no-crash-3.12.txt", "", "", "", "", "exited with code 01: no native stack"},
		// Debian's stripped /usr/bin/python3.11: Py_FinalizeEx's cold part
		// is a frame without a name, and Py_RunMain outside it is no
		// evidence of the runtime. The milestones say what the frames
		// cannot.
		{"gdb-c-atexit-hook-py-atexit-deb3.11-stripped.txt", Unknown, "SIGSEGV", `Thread 1 "python3.11"`, deb311Hook, ""},
		{"gdb-c-atexit-hook-py-atexit-deb3.11-milestones.txt", Finalization, "SIGSEGV", `Thread 1 "python3.11"`, deb311Hook, ""},
		{"gdb-ctypes-finalization-deb3.11-milestones.txt", Finalization, "SIGSEGV", `Thread 1 "python3.11"`, deb311Ctypes, ""},
		{"gdb-ctypes-runtime-deb3.11-milestones.txt", Runtime, "SIGSEGV", `Thread 1 "python3.11"`, deb311Ctypes, ""},
		{"lldb-thread-local-refs-buggy-macos.txt", ThreadLocalDestructor, "SIGSEGV", "thread #1",
			"holder.cpython-312-darwin.so: (anonymous namespace)::Refs::clear (holder.cpp:12)", ""},
		{"lldb-c-atexit-hook-buggy-macos.txt", CAtexit, "SIGSEGV", "thread #1", "hook.cpython-312-darwin.so: release_saved (hook.c:9)", ""},
		{"lldb-thread-local-refs-worker-thread-macos.txt", OtherThread, "SIGSEGV", `thread #2 "Thread-1 (hold)"`,
			"holder.cpython-312-darwin.so: (anonymous namespace)::Refs::clear (holder.cpp:12)", ""},
		{"lldb-no-crash-macos.txt", "", "", "", "", "exited with code 1: no native stack"},
	}
	seen := map[Phase]bool{}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			var s stacks
			if strings.HasPrefix(tt.file, "lldb-") {
				s = parseLLDB(string(data))
			} else {
				s = parseGDB(string(data))
			}
			n := classify(s, "")
			if n.Phase != tt.phase || n.Signal != tt.signal || n.Thread != tt.thread || n.Culprit != tt.culprit {
				t.Errorf("classify = phase %q signal %q thread %q culprit %q\nwant     phase %q signal %q thread %q culprit %q",
					n.Phase, n.Signal, n.Thread, n.Culprit, tt.phase, tt.signal, tt.thread, tt.culprit)
			}
			if tt.note != "" && !strings.Contains(n.Note, tt.note) {
				t.Errorf("Note = %q, want it to say %q", n.Note, tt.note)
			}
			if tt.note == "" && (n.Note != "" || !n.Found() || n.Stacks == "") {
				t.Errorf("a crash: want frames, stacks and no note; got %d frames, note %q", len(n.Frames), n.Note)
			}
			seen[n.Phase] = true
		})
	}
	for _, p := range phases {
		if !seen[p] {
			t.Errorf("no recorded stack shows phase %s", p)
		}
	}
}

// TestPhaseNeedsEvidence: a phase is claimed only when a named frame or a
// milestone shows it; otherwise it is Unknown, saying what is missing and
// how to get it.
func TestPhaseNeedsEvidence(t *testing.T) {
	data, err := os.ReadFile("testdata/gdb-c-atexit-hook-py-atexit-deb3.11-stripped.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := classify(parseGDB(string(data)), "/usr/bin/python3.11")
	const want = "no symbols for /usr/bin/python3.11: apt-get install python3.11-dbg"
	if n.Phase != Unknown || n.PhaseReason != want {
		t.Errorf("stripped, no milestones: phase %q reason %q; want unknown, %q", n.Phase, n.PhaseReason, want)
	}
	if got := n.Summary(); !strings.HasPrefix(got, "phase unknown ("+want+") in hook…so: release_saved") {
		t.Errorf("Summary = %q", got)
	}

	hook := Frame{Function: "??", Module: "hook.cpython-311-x86_64-linux-gnu.so"}
	interp := Frame{Function: "??", Module: mainProgram}
	named := func(fn, module string) Frame { return Frame{Function: fn, Module: module} }
	libc := "libc.so.6"
	watched := evidence{armed: map[string]bool{"Py_FinalizeEx": true}, program: "/usr/bin/python3.11"}
	finalizing := evidence{armed: watched.armed, called: map[string]bool{"Py_FinalizeEx": true}}
	exiting := evidence{armed: watched.armed, called: map[string]bool{"Py_FinalizeEx": true, "exit": true}}
	tests := []struct {
		name   string
		frames []Frame
		ev     evidence
		phase  Phase
		reason string // a part of it
	}{
		{"exit ran a nameless function", []Frame{hook, named("__run_exit_handlers", libc), named("exit", libc)}, exiting,
			Unknown, "exit() ran a function that has no name: no symbols for hook.cpython-311-x86_64-linux-gnu.so"},
		{"exit ran a named function", []Frame{named("release_saved", "hook.so"), named("exit", libc)}, exiting, CAtexit, ""},
		{"a destructor under exit", []Frame{named("Refs::~Refs", "h.so"), named("exit", libc)}, evidence{}, StaticDestructor, ""},
		{"in exit, no mark", []Frame{interp, interp}, exiting, Unknown, "exit() had begun"},
		{"finalizing, no mark", []Frame{interp, named("Py_RunMain", mainProgram)}, finalizing, Finalization, ""},
		{"watched and not finalizing", []Frame{interp, named("Py_RunMain", mainProgram)}, watched, Runtime, ""},
		{"not watched, a nameless interpreter frame", []Frame{interp, named("Py_RunMain", mainProgram)}, evidence{program: "/opt/py/bin/python3.12"},
			Unknown, "no symbols for /opt/py/bin/python3.12: install the interpreter's debug symbols"},
		{"not watched, a nameless libffi frame", []Frame{named("??", "libffi.so.8"), named("_PyEval_EvalFrameDefault", "libpython3.12.so.1.0")}, evidence{},
			Runtime, ""},
		{"not watched, nothing named", []Frame{named("f", "x.so")}, evidence{}, Unknown, "no frame of the crashed thread marks a phase"},
		{"a mark wins over the milestones", []Frame{named("__call_tls_dtors", libc), named("exit", libc)}, exiting, ThreadLocalDestructor, ""},
	}
	for _, tt := range tests {
		p, reason := phaseOf(tt.frames, tt.ev)
		if p != tt.phase || !strings.Contains(reason, tt.reason) || (tt.reason == "") != (reason == "") {
			t.Errorf("%s: phaseOf = %q, %q; want %q, %q", tt.name, p, reason, tt.phase, tt.reason)
		}
	}
}

func TestInterpreterSymbols(t *testing.T) {
	for program, want := range map[string]string{
		"/usr/bin/python3.11":                "apt-get install python3.11-dbg",
		"/usr/bin/python3.13t":               "apt-get install python3.13t-dbg",
		"/root/.pyenv/versions/3.12.1/bin/x": "install the interpreter's debug symbols",
		"":                                   "install the interpreter's debug symbols",
	} {
		if got := interpreterSymbols(program); !strings.HasPrefix(got, want) {
			t.Errorf("interpreterSymbols(%q) = %q, want %q", program, got, want)
		}
	}
}

func TestSummary(t *testing.T) {
	data, err := os.ReadFile("testdata/gdb-thread-local-refs-buggy-3.12.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := classify(parseGDB(string(data)), "")
	want := "thread-local-destructor in holder…so: (anonymous namespace)::Refs::clear"
	if got := n.Summary(); got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	var none *Native
	if none.Summary() != "" || none.Found() {
		t.Error("a nil Native must say nothing")
	}
}

// TestParseNeverFails feeds the parsers what a debugger may print instead
// of a stack: nothing, an error, a half-written frame.
func TestParseNeverFails(t *testing.T) {
	for _, in := range []string{"", "\n\n", "#0", "Thread 1 (", "Thread 1 (Thread 0x1 (LWP 2) \"p\"):\n#0  0xzz in", "* thread #1, stop reason = signal SIGSEGV\n  * frame #0: `", "error: process exited"} {
		for _, parse := range []func(string) stacks{parseGDB, parseLLDB} {
			n := classify(parse(in), "")
			if n.Found() && n.Phase == "" {
				t.Errorf("%q: frames without a phase", in)
			}
		}
	}
}

func TestFunctionName(t *testing.T) {
	for in, want := range map[string]string{
		"(anonymous namespace)::Refs::~Refs (this=..., __in_chrg=...)": "(anonymous namespace)::Refs::~Refs",
		"?? ()":  "??",
		"_start": "_start",
		"std::vector<nanobind::object, std::allocator<nanobind::object> >::~vector (this=...)": "std::vector<nanobind::object, std::allocator<nanobind::object> >::~vector",
		"(anonymous namespace)::Refs::clear(this=0x0000600000c04018)":                          "(anonymous namespace)::Refs::clear",
	} {
		if got := functionName(in); got != want {
			t.Errorf("functionName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsDestructor(t *testing.T) {
	for fn, want := range map[string]bool{
		"std::vector<nanobind::object, std::allocator<nanobind::object> >::~vector": true,
		"std::shared_ptr<(anonymous namespace)::Cache>::~shared_ptr":                true,
		"__tcf_0":                            true,
		"release_saved":                      false,
		"std::less<std::~weird>::operator()": false,
	} {
		if got := isDestructor(fn); got != want {
			t.Errorf("isDestructor(%q) = %v, want %v", fn, got, want)
		}
	}
}

func TestParsePhase(t *testing.T) {
	if p, err := ParsePhase("c-atexit"); err != nil || p != CAtexit {
		t.Errorf("ParsePhase(c-atexit) = %q, %v", p, err)
	}
	if _, err := ParsePhase("thread-local"); err == nil || !strings.Contains(err.Error(), "thread-local-destructor") {
		t.Errorf("ParsePhase(thread-local) error %v, want the list of phases", err)
	}
}

func TestSameCrash(t *testing.T) {
	read := func(name string) *Native {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		n := classify(parseGDB(string(data)), "")
		return &n
	}
	segv, abrt := read("gdb-thread-local-refs-buggy-3.12.txt"), read("gdb-thread-local-refs-buggy-3.13.txt")
	worker := read("gdb-thread-local-refs-worker-thread-3.12.txt")
	cache := read("gdb-static-callable-cache-buggy-3.12.txt")
	none := read("gdb-thread-local-refs-no-crash-3.12.txt")
	// 3.12's SIGSEGV and 3.13's SIGABRT die in the same destructor; the
	// module's name differs by its ABI tag, so they are not the same
	// module, and SameCrash says so.
	if !segv.SameCrash(segv) {
		t.Error("a crash is not the same as itself")
	}
	if segv.SameCrash(abrt) {
		t.Error("crashes in modules built for two interpreters counted as one")
	}
	if got := segv.culpritFunction(); got != "holder.cpython-312-x86_64-linux-gnu.so: (anonymous namespace)::Refs::clear" {
		t.Errorf("culpritFunction = %q", got)
	}
	if none.culpritFunction() != "" {
		t.Error("no stack has a culprit")
	}
	// The same destructor moved out of `namespace {` (reduce unwraps it)
	// is the same crash; another function of that name in another
	// namespace is not.
	moved, renamed := *segv, *segv
	moved.Frames, renamed.Frames = slices.Clone(segv.Frames), slices.Clone(segv.Frames)
	for i := range moved.Frames {
		moved.Frames[i].Function = strings.ReplaceAll(moved.Frames[i].Function, "(anonymous namespace)::", "")
		renamed.Frames[i].Function = strings.ReplaceAll(renamed.Frames[i].Function, "(anonymous namespace)::", "other::")
	}
	if !segv.SameCrash(&moved) || !moved.SameCrash(segv) {
		t.Error("Refs::clear out of the anonymous namespace counted as another culprit")
	}
	if segv.SameCrash(&renamed) {
		t.Error("other::Refs::clear counted as (anonymous namespace)::Refs::clear")
	}
	if segv.SameCrash(worker) || segv.SameCrash(cache) || segv.SameCrash(none) || none.SameCrash(none) {
		t.Error("different phases, culprits or no stack counted as the same crash")
	}
}
