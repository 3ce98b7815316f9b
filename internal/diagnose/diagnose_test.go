package diagnose

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
)

// The samples in testdata are the raw stderr and status of real runs of
// the fixtures in corpus/native (see testdata/README.md).
func TestRecordedSamples(t *testing.T) {
	tests := []struct {
		sample    string
		status    string // as reports print it, from the recorded shell status
		primary   string // Primary(...).String(), "" when none
		fatal     bool
		traceback string // a line the extracted faulthandler report must hold, "" when none
	}{
		{"thread-local-refs-worker-thread-3.12.1", "exit 139 (SIGSEGV)", "segfault", true, `File "/tmp/`},
		{"thread-local-refs-worker-thread-3.10.13", "exit 134 (SIGABRT)", "fatal-python-error: PyThreadState_Get", true, "Thread 0x"},
		{"thread-local-refs-worker-thread-3.13.0", "exit 139 (SIGSEGV)", "fatal-python-error: PyThreadState_Get", true, "Thread 0x"},
		{"thread-local-refs-buggy-3.11.7", "exit 134 (SIGABRT)", "fatal-python-error: PyThreadState_Get", true, ""},
		{"thread-local-refs-buggy-3.13.0", "exit 134 (SIGABRT)", "fatal-python-error: PyThreadState_Get", true, ""},
		{"static-callable-cache-buggy-3.10.13", "exit 134 (SIGABRT)", "fatal-python-error: PyThreadState_Get", true, ""},
		{"static-callable-cache-buggy-3.12.1", "exit 139 (SIGSEGV)", "", false, ""},
		{"static-callable-cache-buggy-3.6.15", "exit 134 (SIGABRT)", "heap-corruption: free(): invalid pointer", true, ""},
		{"daemon-thread-stdout-lock-buggy-3.12.1", "exit 134 (SIGABRT)", "fatal-python-error: _enter_buffered_busy", true, "Current thread 0x"},
		{"daemon-thread-stdout-lock-buggy-3.8.18", "exit 134 (SIGABRT)", "fatal-python-error: could not acquire lock for <_io.BufferedWriter name='<stdout>'>", true, `in chatter`},
		{"asan-use-after-finalize-buggy-3.12.1", "exit 1", "asan: heap-use-after-free", true, ""},
		{"atexit-raises-3.8.18", "exit 0", "atexit-exception", false, ""},
		{"atexit-raises-3.12.1", "exit 0", "atexit-exception", false, ""},
		{"atexit-raises-3.13.0", "exit 0", "atexit-exception", false, ""},
		{"broken-pipe-exit-3.12.1", "exit 120", "exception-ignored", false, ""},
		{"broken-pipe-exit-3.13.0", "exit 120", "exception-ignored", false, ""},
		{"keyboard-interrupt-3.12.1", "exit 130 (SIGINT)", "", false, ""},
		{"keyboard-interrupt-3.7.16", "exit 1", "", false, ""},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			seen[tt.sample] = true
			stderr := read(t, tt.sample+".stderr")
			status := strings.Split(strings.TrimSpace(read(t, tt.sample+".status")), "\t")
			code, err := strconv.Atoi(status[len(status)-1])
			if err != nil {
				t.Fatalf("status file: %v", err)
			}
			if got := shellStatus(code).String(); got != tt.status {
				t.Errorf("status %s, want %s", got, tt.status)
			}
			sigs := Classify(stderr)
			p, ok := Primary(sigs)
			got := ""
			if ok {
				got = p.String()
			}
			if got != tt.primary {
				t.Errorf("primary signature %q, want %q (all: %v)", got, tt.primary, sigs)
			}
			if AnyFatal(sigs) != tt.fatal {
				t.Errorf("fatal = %v, want %v", AnyFatal(sigs), tt.fatal)
			}
			tb := Traceback(stderr)
			if tt.traceback == "" && tb != "" {
				t.Errorf("found a traceback where there is none:\n%s", tb)
			}
			if tt.traceback != "" && !strings.Contains(tb, tt.traceback) {
				t.Errorf("traceback does not hold %q:\n%s", tt.traceback, tb)
			}
		})
	}
	files, _ := filepath.Glob("testdata/*.stderr")
	for _, f := range files {
		if name := strings.TrimSuffix(filepath.Base(f), ".stderr"); !seen[name] {
			t.Errorf("sample %s has no expectation in this test", name)
		}
	}
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestClassifyLines(t *testing.T) {
	tests := []struct {
		line string
		want string
	}{
		{"Fatal Python error: Segmentation fault", "segfault"},
		{"Fatal Python error: Aborted", "abort"},
		{"Fatal Python error: _PyMem_DebugRawFree: bad ID: Allocated using API 'm', verified using API 'r'", "fatal-python-error: _PyMem_DebugRawFree"},
		{"Fatal Python error: init_fs_encoding: failed to get the Python codec", "fatal-python-error: init_fs_encoding"},
		{"==12345==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020", "asan: heap-use-after-free"},
		{"==12345==ERROR: LeakSanitizer: detected memory leaks", "asan: detected memory leaks"},
		{"holder.cpp:12:5: runtime error: member call on null pointer of type 'Foo'", "ubsan: member call on null pointer of type 'Foo'"},
		{"terminate called after throwing an instance of 'std::runtime_error'", "terminate: std::runtime_error"},
		{"terminate called without an active exception", "terminate: without an active exception"},
		{"libc++abi: terminating due to uncaught exception of type std::bad_alloc: std::bad_alloc", "terminate: std::bad_alloc"},
		{"double free or corruption (out)", "heap-corruption: double free or corruption (out)"},
		{"free(): invalid pointer", "heap-corruption: free(): invalid pointer"},
		{"python3(1234,0x1f) malloc: *** error for object 0x600: pointer being freed was not allocated", "heap-corruption: pointer being freed was not allocated"},
		{"Segmentation fault (core dumped)", "segfault"},
		{"sh: line 1: 4242 Aborted                 (core dumped) python x.py", "abort"},
		{"Segmentation fault", "segfault"},
		{"Aborted", "abort"},
		{"Bus error (core dumped)", "segfault"},
		{"bash: line 1:  7472 Segmentation fault      /tmp/crasher", "segfault"},
		{"./run.sh: line 3: 7476 Aborted (core dumped) ./crasher x", "abort"},
		{"zsh: segmentation fault  ./crasher", "segfault"},
		{"zsh: abort      ./crasher x", "abort"},
		{"Aborted 3 pending requests", ""},
		{"Segmentation fault handler installed", ""},
		{"job 12 Aborted by user", ""},
		{"Bus error rate: 0.0%", ""},
		{"request 7: Aborted", ""},
		{"/src/my ext/holder.cpp:12:5: runtime error: load of misaligned address", "ubsan: load of misaligned address"},
		{"<unknown>: runtime error: signed integer overflow", "ubsan: signed integer overflow"},
		{"(libholder.so+0x1a2b): runtime error: member call on null pointer", "ubsan: member call on null pointer"},
		{"[init -> test] /src/main.cc:21:7: runtime error: store to null pointer of type 'int'", "ubsan: store to null pointer of type 'int'"},
		{"worker.py:12: runtime error: retrying in 5s", ""},
		{"ERROR: runtime error: retrying", ""},
		{"Exception ignored in: <function Foo.__del__ at 0x7f>", "exception-ignored"},
		{"Error in atexit._run_exitfuncs:", "atexit-exception"},
		{"nanobind: leaked 1 instances!", "nanobind-leak: 1 instances"},
		{"nanobind: leaked 2 types!", "nanobind-leak: 2 types"},
		{"nanobind: leaked 3 functions!", "nanobind-leak: 3 functions"},
		{"nanobind: leaked 1 keep_alive records!", "nanobind-leak: 1 keep_alive records"},
		{" - leaked instance 0x55d0 of type \"holder.Item\"", ""},
		{"all good", ""},
	}
	for _, tt := range tests {
		p, ok := Primary(Classify(tt.line + "\n"))
		got := ""
		if ok {
			got = p.String()
		}
		if got != tt.want {
			t.Errorf("Classify(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// shellStatus reads a sample's recorded status, a shell's exit code:
// 128+N is death by signal N.
func shellStatus(code int) exitstatus.Status {
	if code > 128 {
		return exitstatus.Signaled(code - 128)
	}
	return exitstatus.Exited(code)
}
