package script

import (
	"strings"
	"testing"
)

func TestBuildExtCommand(t *testing.T) {
	tests := []struct {
		args     []string
		goos     string
		compiler string
		want     string
		wantErr  string
	}{
		{[]string{"holder", "holder.cpp"}, "linux", "c++",
			"-shared -fPIC -O1 -g -I/inc -std=c++17 holder.cpp -o holder.cpython-312-x86_64-linux-gnu.so", ""},
		{[]string{"holder", "a.c", "b.c", "--", "-DFIX", "", "-Wall"}, "linux", "cc",
			"-shared -fPIC -O1 -g -I/inc a.c b.c -DFIX -Wall -o holder.cpython-312-x86_64-linux-gnu.so", ""},
		{[]string{"holder", "holder.cc", "--", ""}, "darwin", "c++",
			"-shared -fPIC -O1 -g -I/inc -std=c++17 -undefined dynamic_lookup holder.cc -o holder.cpython-312-x86_64-linux-gnu.so", ""},
		{[]string{"holder"}, "linux", "", "", "usage: build-ext [--with nanobind|pybind11] [--sanitize=address] MODULE SOURCE"},
		{[]string{"--with", "nanobind", "holder", "holder.cpp", "--", "-DFIX"}, "linux", "c++",
			"-shared -fPIC -O1 -g -I/inc -std=c++17 holder.cpp -DFIX -o holder.cpython-312-x86_64-linux-gnu.so", ""},
		{[]string{"--with=pybind11", "--sanitize=address", "holder", "holder.cpp"}, "linux", "c++",
			"-shared -fPIC -O1 -g -I/inc -fsanitize=address -fno-omit-frame-pointer -std=c++17 holder.cpp -o holder.cpython-312-x86_64-linux-gnu.so", ""},
		{[]string{"--with", "nanobnd", "holder", "holder.cpp"}, "linux", "", "", "unknown binding library (known: nanobind, pybind11); did you mean nanobind?"},
		{[]string{"--with"}, "linux", "", "", "--with needs a library"},
		{[]string{"--with", "nanobind", "--with", "pybind11", "h", "h.cpp"}, "linux", "", "", "one binding library per module"},
		{[]string{"--with", "nanobind", "holder", "holder.c"}, "linux", "", "", "--with nanobind needs a C++ source"},
		{[]string{"--wiht", "nanobind", "holder", "holder.cpp"}, "linux", "", "", "unknown option --wiht (did you mean --with?)"},
		{[]string{"holder.so", "x.c"}, "linux", "", "", `module name "holder.so" must be a plain name`},
		{[]string{"holder", "x.py"}, "linux", "", "", `"x.py" is not a C or C++ source`},
	}
	for _, tt := range tests {
		b, err := parseBuildExt(tt.args)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%v: error %v, want %q", tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		argv, compiler := b.command(tt.goos, "/inc", ".cpython-312-x86_64-linux-gnu.so", nil, nil), b.compiler("", "")
		if got := strings.Join(argv, " "); got != tt.want || compiler != tt.compiler {
			t.Errorf("%v on %s:\n got %s %s\nwant %s %s", tt.args, tt.goos, compiler, got, tt.compiler, tt.want)
		}
	}
}

// Variants that differ by a macro share one nanobind library; a flag that
// changes code generation reaches it too.
func TestCodegenFlags(t *testing.T) {
	got := strings.Join(codegenFlags([]string{"-DFIX", "-O0", "-Wall", "-fno-omit-frame-pointer", "-I/x", "-march=native", "-g3", "-std=c++20", "-lz", "-UNDEBUG"}), " ")
	if want := "-O0 -fno-omit-frame-pointer -march=native -g3 -std=c++20"; got != want {
		t.Errorf("codegenFlags = %q, want %q", got, want)
	}
}

// In a module that mixes C and C++, each source gets its own language's
// standard and compiler; the other flags reach them all.
func TestMixedSourceFlags(t *testing.T) {
	b, err := parseBuildExt([]string{"m", "a.c", "b.cpp", "--", "-DFIX", "-std=c11", "-std=c++20"})
	if err != nil {
		t.Fatal(err)
	}
	if !b.mixed() {
		t.Fatal("a.c and b.cpp: want a mixed module")
	}
	for _, tt := range []struct{ src, compiler, obj, flags string }{
		{"a.c", "cc", "-fPIC -O1 -g -I/inc", "-DFIX -std=c11"},
		{"b.cpp", "c++", "-fPIC -O1 -g -I/inc -std=c++17", "-DFIX -std=c++20"},
	} {
		if got := sourceCompiler(tt.src, "", ""); got != tt.compiler {
			t.Errorf("%s: compiler %s, want %s", tt.src, got, tt.compiler)
		}
		if got := strings.Join(b.objectFlags(tt.src, "/inc"), " "); got != tt.obj {
			t.Errorf("%s: object flags %q, want %q", tt.src, got, tt.obj)
		}
		if got := strings.Join(b.flagsFor(tt.src), " "); got != tt.flags {
			t.Errorf("%s: case flags %q, want %q", tt.src, got, tt.flags)
		}
	}
	if b, _ := parseBuildExt([]string{"m", "a.c", "b.c"}); b.mixed() {
		t.Error("two C sources: not mixed")
	}
}
