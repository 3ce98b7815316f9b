package reduce

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

func TestPythonOpening(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		lines     int
	}{
		{"// a module\n#define PY_SSIZE_T_CLEAN\n#include <Python.h>\nint x;\n", "#define PY_SSIZE_T_CLEAN\n#include <Python.h>\n", 3},
		{"#include \"Python.h\"\n", "#include \"Python.h\"\n", 1},
		{"  #  include <Python.h>\n", "#  include <Python.h>\n", 1},
		// What could change the program if read twice, or is not Python.h.
		{"#include <vector>\n#include <Python.h>\n", "", 0},
		{"int x;\n#include <Python.h>\n", "", 0},
		{"// continued \\\n#include <Python.h>\n", "", 0},
		{"#define A \\\n  1\n#include <Python.h>\n", "", 0},
		{"#include <Python.h> // why\n", "", 0},
		{"/* a\n*/\n#include <Python.h>\n", "", 0},
		{"#undef X\n#include <Python.h>\n", "", 0},
		{"", "", 0},
	} {
		got, n := pythonOpening(tc.src)
		if got != tc.want || n != tc.lines {
			t.Errorf("pythonOpening(%q) = %q, %d; want %q, %d", tc.src, got, n, tc.want, tc.lines)
		}
	}
}

// The check says no only to what the compiler says no to, with Python.h
// precompiled or not: a candidate that lost its #include of Python.h (no
// opening, so no precompiled header stands in for it) does not compile.
func TestCompileCheck(t *testing.T) {
	s := openCase(t, "noisy-ext.txtar")
	r := s.Runs[0]
	check, err := newCompileCheck(r.Case, r.Variant, r.Interp)
	if err != nil {
		t.Fatal(err)
	}
	if check == nil {
		t.Fatal("no compile check for a plain build-ext line")
	}
	defer check.Close()
	var orig string
	for _, f := range r.Case.Files {
		if f.Name == "holder.cpp" {
			orig = string(f.Data)
		}
	}
	with := func(src string) []txtar.File {
		out := append([]txtar.File(nil), r.Case.Files...)
		for i, f := range out {
			if f.Name == "holder.cpp" {
				out[i].Data = []byte(src)
			}
		}
		return out
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"the original", orig, true},
		{"another opening", strings.Replace(orig, "#define PY_SSIZE_T_CLEAN\n", "", 1), true},
		{"a syntax error", orig + "int broken = ;\n", false},
		{"an undeclared name", strings.Replace(orig, "Py_INCREF(obj);", "Py_INCREF(nothing);", 1), false},
		{"no Python.h", strings.Replace(orig, "#include <Python.h>\n", "", 1), false},
		{"no Python.h, the define kept", strings.Replace(orig, "#include <Python.h>\n", "#define OTHER 1\n", 1), false},
	} {
		if got := check.compiles(ctx, "holder.cpp", with(tc.src)); got != tc.want {
			t.Errorf("%s: compiles = %v, want %v", tc.name, got, tc.want)
		}
	}
	// A case's own Python.h, included with quotes, stands in for the
	// interpreter's: the check reads it, as the build does, and does not
	// use a precompiled opening, which would read the interpreter's.
	shimmed := append(with(strings.Replace(orig, "#include <Python.h>", `#include "Python.h"`, 1)), txtar.File{Name: "Python.h", Data: []byte("#error the case's own Python.h\n")})
	if check.compiles(ctx, "holder.cpp", shimmed) {
		t.Errorf("with the case's own Python.h, which fails, the check says it compiles")
	}
	gch, _ := filepath.Glob(filepath.Join(check.dir, "opening-*", "opening.h.gch"))
	if len(gch) != 2 {
		t.Errorf("precompiled %d openings, want 2 (with and without the define): %v", len(gch), gch)
	}
}
