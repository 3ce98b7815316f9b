package authoring

import (
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/rogpeppe/go-internal/txtar"
)

func TestAddExtension(t *testing.T) {
	src := func(name, body string) txtar.File { return txtar.File{Name: name, Data: []byte(body)} }
	tests := []struct {
		name    string
		ext     extension
		pkgs    []string
		want    []string // lines the archive holds
		wantErr string
	}{
		{"nanobind with a fix flag", extension{Sources: []txtar.File{src("ext.cpp", "NB_MODULE(holder, m) {}\n")}, With: "nanobind", FixFlag: "FIX"}, nil,
			[]string{"build-ext --with nanobind holder ext.cpp -- $FIXFLAG", "stdout '^ok$'", "env: {FIXFLAG: -DFIX}", "  - nanobind==3.0.0", "python: '>=3.10'", "  buggy:", "    env: {FIXFLAG: \"\"}", "    exit: crash", "  - cc", "print(\"ok\")"}, ""},
		{"the author's pin is kept", extension{Sources: []txtar.File{src("m.cpp", "PYBIND11_MODULE( pb , m) {}\n")}, With: "pybind11"}, []string{"pybind11==2.13.6"},
			[]string{"build-ext --with pybind11 pb m.cpp\n", "  - pybind11==2.13.6"}, ""},
		{"C API, headers not compiled", extension{Sources: []txtar.File{src("a.c", "PyMODINIT_FUNC PyInit_capi(void)"), src("a.h", "")}}, nil,
			[]string{"build-ext capi a.c\n", "-- a.h --"}, ""},
		{"C and C++ in one module", extension{Sources: []txtar.File{src("a.c", "PyMODINIT_FUNC PyInit_mix(void)"), src("b.cpp", "extern \"C\" int helper() { return 1; }")}}, nil,
			[]string{"build-ext mix a.c b.cpp\n"}, ""},
		{"two modules, a build-ext line each", extension{Sources: []txtar.File{src("a.c", "PyMODINIT_FUNC PyInit_first(void)"), src("b.cpp", "PyMODINIT_FUNC PyInit_second(void)")}, FixFlag: "FIX"}, nil,
			[]string{"build-ext first a.c -- $FIXFLAG\nbuild-ext second b.cpp -- $FIXFLAG\npython repro.py\n"}, ""},
		{"no module named: the file's name", extension{Sources: []txtar.File{src("holder.cc", "")}}, nil,
			[]string{"build-ext holder holder.cc\n"}, ""},
		{"fix flag given as -D", extension{Sources: []txtar.File{src("a.c", "")}, FixFlag: "-DFIX"}, nil, nil, "--fix-flag -DFIX: want a macro name such as FIX (the case passes -DFIX)"},
		{"not a source", extension{Sources: []txtar.File{src("a.py", "")}}, nil, nil, "--source a.py: want a C or C++ file"},
		{"unknown library", extension{Sources: []txtar.File{src("a.cpp", "")}, With: "boost"}, nil, nil, "--with boost: want nanobind or pybind11"},
		{"misspelt library", extension{Sources: []txtar.File{src("a.cpp", "")}, With: "nanobnd"}, nil, nil, "--with nanobnd: want nanobind or pybind11 (did you mean nanobind?)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := newDraft([]txtar.File{{Name: "repro.py", Data: []byte("import holder\n")}})
			if err != nil {
				t.Fatal(err)
			}
			d.packages = tt.pkgs
			err = d.addExtension(tt.ext)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ar, err := d.archive()
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(ar), w) {
					t.Errorf("archive lacks %q:\n%s", w, ar)
				}
			}
		})
	}
}

// Every library build-ext --with knows has a pin for new to write.
func TestBindingPinsCoverEveryLibrary(t *testing.T) {
	for _, name := range scriptlang.BindingNames {
		if !strings.HasPrefix(bindingPins[name], name+"==") {
			t.Errorf("no pin for --with %s", name)
		}
	}
}
