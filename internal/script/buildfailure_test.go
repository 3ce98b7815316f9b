package script

import (
	"os/exec"
	"testing"
)

// hostLacks reads what gcc, clang, GNU ld and Apple's ld write; the
// compilers absent here are covered by their recorded messages.
func TestHostLacks(t *testing.T) {
	files := []string{"holder.cpp", "include/helper.h"}
	tests := []struct {
		stderr, lack, hint string
	}{
		{"a.c:1:10: fatal error: zlib.h: No such file or directory\n", "header zlib.h (install the library's development files)", ""},
		{"a.cpp:1:10: fatal error: 'nanobind/nanobind.h' file not found\n#include <nanobind/nanobind.h>\n", "header nanobind/nanobind.h (install the library's development files)", ""},
		{"holder.cpp:2:10: fatal error: helpr.h: No such file or directory\n", "", " (helpr.h is missing; did you mean helper.h, which the case holds?)"},
		{"/usr/bin/ld: cannot find -lz: No such file or directory\ncollect2: error: ld returned 1 exit status\n", "library libz (install it, or its development files)", ""},
		{"ld: library not found for -lssl\nclang: error: linker command failed\n", "library libssl (install it, or its development files)", ""},
		{"c++: error: unrecognized command-line option '-std=c++23'\n", "compiler support for -std=c++23 (c++ is too old or not the compiler the case needs)", ""},
		{"error: invalid value 'c++23' in '-std=c++23'\n", "compiler support for -std=c++23 (c++ is too old or not the compiler the case needs)", ""},
		{"clang: error: unknown argument: '-fcoroutines-ts'\n", "compiler support for -fcoroutines-ts (c++ is too old or not the compiler the case needs)", ""},
		{"/usr/bin/ld: cannot find libasan_preinit.o: No such file or directory\n", "the sanitizer runtime libasan_preinit.o", ""},
		{"a.cpp:3:5: error: 'x' was not declared in this scope\n", "", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		ce := &compileError{compiler: "c++", stderr: tt.stderr, started: true}
		lack, hint := hostLacks(ce, files)
		if lack != tt.lack || hint != tt.hint {
			t.Errorf("%q:\n got %q, %q\nwant %q, %q", tt.stderr, lack, hint, tt.lack, tt.hint)
		}
	}
	ce := &compileError{compiler: "no-such-cc", err: exec.ErrNotFound}
	if lack, _ := hostLacks(ce, files); lack != "a compiler: no-such-cc is not on PATH (set CC or CXX, or install one)" {
		t.Errorf("a compiler that did not start: %q", lack)
	}
}
