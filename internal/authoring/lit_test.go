package authoring

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
)

func TestImportLit(t *testing.T) {
	tests := []struct {
		name string
		src  string
		// want, when the import succeeds
		commands                     []string
		requires, unsupported, xfail []string
		exit                         string
		// err: a "line: message" prefix of the refusal
		err string
	}{
		{name: "the plain RUN line becomes the implicit script",
			src: "# RUN: %PYTHON %s\nprint(1)\n"},
		{name: "arguments make the command explicit",
			src:      "# RUN: %PYTHON %s --flag\n",
			commands: []string{"python t.py --flag"}},
		{name: "not, env and continuation lines",
			src:      "# RUN: not env A=1 B=2 \\\n# RUN:   %PYTHON -X dev %s\n#RUN: %PYTHON %s\n",
			commands: []string{"env A=1 B=2", "! python -X dev t.py", "env A= B=", "python t.py"}},
		{name: "env applies to its own RUN line, in either order with not",
			src:      "# RUN: env A=1 not %PYTHON %s\n# RUN: %PYTHON %s\n",
			commands: []string{"env A=1", "! python t.py", "env A=", "python t.py"}},
		{name: "not --crash is the only way to expect a crash",
			src:  "# RUN: not --crash %PYTHON %s\n",
			exit: "crash"},
		{name: "not --crash with arguments",
			src:      "# RUN: not --crash %{python} %s -v\n",
			commands: []string{"python t.py -v"},
			exit:     "crash"},
		{name: "lit's own %{python} spelling",
			src: "# RUN: %{python} %s\n"},
		{name: "END. ends the directives",
			src:      "# RUN: %PYTHON %s\n# END.\n# RUN: mlir-opt %s\n# ALLOW_RETRIES: 2\n",
			commands: nil},
		{name: "LLVM's system- features name the OS",
			src:         "# RUN: %PYTHON %s\n# UNSUPPORTED: system-windows, system-darwin && arm64\n# REQUIRES: system-linux\n",
			requires:    []string{"linux"},
			unsupported: []string{"windows", "darwin && arm64"}},
		{name: "a crash expected on one line and not another is refused",
			src: "# RUN: %PYTHON %s\n# RUN: not --crash %PYTHON %s\n",
			err: "2: RUN: `not --crash` expects a crash here but line 1 expects none"},
		{name: "--crash after python is the script's own argument",
			src: "# RUN: %PYTHON --crash %s\n",
			err: "", commands: []string{"python --crash t.py"}},
		{name: "env -u says what lit means",
			src: "# RUN: env -u PYTHONPATH %PYTHON %s\n",
			err: "1: RUN: \"env -u PYTHONPATH %PYTHON %s\": lit's `env -u PYTHONPATH` removes PYTHONPATH for this line"},
		{name: "%PYTHON% is not lit's spelling",
			src: "# RUN: %PYTHON% %s\n",
			err: "1: RUN: \"%PYTHON% %s\": %PYTHON% is not a lit substitution; lit writes %PYTHON"},
		{name: "a target triple regex says what to write instead",
			src: "# RUN: %PYTHON %s\n# UNSUPPORTED: target=aarch64{{.*}}\n",
			err: "2: UNSUPPORTED: \"target=aarch64{{.*}}\" matches lit's target triple"},
		{name: "not not is refused",
			src: "# RUN: not not %PYTHON %s\n",
			err: "1: RUN: \"not not %PYTHON %s\" negates twice"},
		{name: "directives become requires, unsupported and xfail",
			src:         "# REQUIRES: linux, cc && !asan\n# UNSUPPORTED: darwin\n# XFAIL: *\n# RUN: %PYTHON %s\n",
			requires:    []string{"linux", "cc && !asan"},
			unsupported: []string{"darwin"},
			xfail:       []string{"*"}},
		{name: "FileCheck pipelines are refused at their line",
			src: "import x\n# RUN: %PYTHON %s | FileCheck %s\n",
			err: `2: RUN: "%PYTHON %s | FileCheck %s" pipes into FileCheck`},
		{name: "a continued FileCheck pipeline is refused at its first line",
			src: "# RUN: %PYTHON %s \\\n# RUN: | FileCheck %s\n",
			err: "1: RUN: "},
		{name: "other shell is refused",
			src: "# RUN: %PYTHON %s > %t\n",
			err: `1: RUN: "%PYTHON %s > %t" uses the shell (>)`},
		{name: "unknown substitutions are refused",
			src: "# RUN: %PYTHON %S/x.py\n",
			err: "1: RUN: \"%PYTHON %S/x.py\": lit substitution %S has no counterpart"},
		{name: "commands other than python are refused",
			src: "# RUN: mlir-opt %s\n",
			err: `1: RUN: "mlir-opt %s" runs mlir-opt`},
		{name: "unknown features are refused, with a suggestion",
			src: "# RUN: %PYTHON %s\n# REQUIRES: host-supports-jit\n# UNSUPPORTED: darwn\n",
			err: `2: REQUIRES: lit feature "host-supports-jit" has no counterpart`},
		{name: "no RUN line",
			src: "print(1)\n",
			err: " no RUN: line"},
		{name: "dangling continuation",
			src: "# RUN: %PYTHON %s \\\n",
			err: "1: RUN: ends with a backslash"},
		{name: "other lit directives are refused",
			src: "# RUN: %PYTHON %s\n# ALLOW_RETRIES: 3\n",
			err: "2: ALLOW_RETRIES: is a lit directive cleanexit has no counterpart for"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ImportLit("t.py", []byte(tt.src))
			if tt.err != "" {
				if err == nil {
					t.Fatalf("imported; want a refusal %q", tt.err)
				}
				if !strings.HasPrefix(strings.TrimPrefix(err.Error(), "t.py:"), tt.err) {
					t.Fatalf("err = %q, want prefix t.py:%s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				what      string
				got, want []string
			}{{"commands", d.commands, tt.commands}, {"requires", d.requires, tt.requires}, {"unsupported", d.unsupported, tt.unsupported}, {"xfail", d.xfail, tt.xfail}} {
				if !reflect.DeepEqual(c.got, c.want) {
					t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
				}
			}
			if d.exit != tt.exit {
				t.Errorf("exit = %q, want %q", d.exit, tt.exit)
			}
			if len(d.files) != 1 || string(d.files[0].Data) != tt.src {
				t.Errorf("the test file was not kept verbatim")
			}
			// The draft, given the link import cannot know, is a case the
			// core loads.
			d.links = []string{"https://example.com/1"}
			data, err := d.archive()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cases.Parse("p/t.txtar", "p", data); err != nil {
				t.Errorf("the imported case does not load: %v\n%s", err, data)
			}
		})
	}
}

// TestImportMLIRContextShutdown imports MLIR's context_shutdown.py as the
// PR added it (testdata/context_shutdown.py, the "+" lines of
// llvm/llvm-project#203826's diff; its git blob id is the diff's 83bb7cc7b3d63)
// and compares the result with the shipped case corpus/mlir/context-shutdown.txtar.
//
// "Exactly" covers every part of a case that import derives from the lit
// test, and the keys the test passes as flags:
//   - the files: context_shutdown.py, byte for byte, and nothing else;
//   - the script's commands: none, in both (RUN: %PYTHON %s is the implicit
//     `python context_shutdown.py`), so the command each runs is the same;
//   - requires, unsupported and xfail of the default variant (none from
//     the lit test; the shipped case's `unsupported: [darwin && amd64]`,
//     no wheel for that platform, is given as a flag would give it);
//   - the case name, and links, python and packages as given by flags.
//
// It does not cover what a person writes after importing: the story in
// the script's comment lines, summary (import writes its placeholder), the
// index: find-links entry, and the regressed variant.
func TestImportMLIRContextShutdown(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "context_shutdown.py"))
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := cases.Load(filepath.Join("..", "..", "corpus", "mlir", "context-shutdown.txtar"), "mlir")
	if err != nil {
		t.Fatal(err)
	}
	d, err := ImportLit("context_shutdown.py", src)
	if err != nil {
		t.Fatal(err)
	}
	d.links = []string{"https://github.com/llvm/llvm-project/pull/203826", "https://github.com/llvm/eudsl"}
	d.python = []string{">=3.10,<3.15", "3.14t"}
	d.unsupported = []string{"darwin && amd64"}
	d.packages = []string{"mlir-python-bindings==20261004+758aa4a92"}
	data, err := d.archive()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "mlir", nameFromFile("context_shutdown.py")+".txtar")
	imported, err := cases.Parse(file, "mlir", data)
	if err != nil {
		t.Fatalf("the imported case does not load: %v\n%s", err, data)
	}

	if imported.ID() != shipped.ID() {
		t.Errorf("case id = %s, shipped %s", imported.ID(), shipped.ID())
	}
	if len(imported.Files) != len(shipped.Files) {
		t.Fatalf("files: imported %d, shipped %d", len(imported.Files), len(shipped.Files))
	}
	for i := range shipped.Files {
		if imported.Files[i].Name != shipped.Files[i].Name || string(imported.Files[i].Data) != string(shipped.Files[i].Data) {
			t.Errorf("file %s differs from the shipped %s", imported.Files[i].Name, shipped.Files[i].Name)
		}
	}
	var gotCmds, wantCmds []string
	for _, l := range imported.Commands().Lines {
		gotCmds = append(gotCmds, l.Text)
	}
	for _, l := range shipped.Commands().Lines {
		wantCmds = append(wantCmds, l.Text)
	}
	if !reflect.DeepEqual(gotCmds, wantCmds) {
		t.Errorf("script commands = %q, shipped %q", gotCmds, wantCmds)
	}
	if g, w := imported.ImplicitScript(), shipped.ImplicitScript(); g != w || g != "python context_shutdown.py\n" {
		t.Errorf("implicit script = %q, shipped %q", g, w)
	}
	gv, sv := imported.Variant("default"), shipped.Variant("default")
	for _, c := range []struct {
		key       string
		got, want []string
	}{
		{"requires", conditionTexts(gv.Requires), conditionTexts(sv.Requires)},
		{"unsupported", conditionTexts(gv.Unsupported), conditionTexts(sv.Unsupported)},
		{"xfail", conditionTexts(gv.XFail), conditionTexts(sv.XFail)},
		{"links", imported.Links, shipped.Links},
		{"python", selectorTexts(gv.Python), selectorTexts(sv.Python)},
		{"packages", requirementTexts(gv), requirementTexts(sv)},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %q, shipped %q", c.key, c.got, c.want)
		}
	}
}

func conditionTexts(cs []cases.Condition) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}

func selectorTexts(ps []cases.PythonSelector) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Text)
	}
	return out
}

func requirementTexts(v *cases.Variant) []string {
	var out []string
	for _, r := range v.Packages {
		out = append(out, r.String())
	}
	return out
}

// TestImportUpstreamLitFiles imports real lit tests of three projects,
// kept verbatim in testdata/lit from their public text:
//   - lit-Histogram.py: llvm/llvm-project llvm/utils/lit/tests/unit/Histogram.py,
//     lit's own test, in lit's own %{python} spelling;
//   - mlir-develoment_files.py: llvm/llvm-project mlir/test/python/develoment_files.py
//     (sic), an MLIR Python test whose RUN line ends in 2>&1;
//   - circt-hwarith.py: llvm/circt integration_test/Bindings/Python/dialects/hwarith.py,
//     which pipes into FileCheck and REQUIRES a lit feature of CIRCT's.
//
// Each either imports with lit's meaning or is refused with every reason,
// at its line.
func TestImportUpstreamLitFiles(t *testing.T) {
	tests := []struct {
		file     string
		commands []string // when it imports; nil is the implicit script
		errs     []string // when it is refused: each must appear
	}{
		{file: "lit-Histogram.py"},
		{file: "mlir-develoment_files.py"},
		{file: "circt-hwarith.py", errs: []string{
			`circt-hwarith.py:1: REQUIRES: lit feature "bindings_python" has no counterpart in cleanexit`,
			`circt-hwarith.py:2: RUN: "%PYTHON% %s | FileCheck %s" pipes into FileCheck`,
			`; and %PYTHON% is not a lit substitution; lit writes %PYTHON (or %{python})`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", "lit", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			d, err := ImportLit(tt.file, src)
			if tt.errs != nil {
				if err == nil {
					t.Fatalf("imported; want refusals %q", tt.errs)
				}
				for _, e := range tt.errs {
					if !strings.Contains(err.Error(), e) {
						t.Errorf("refusal lacks %q:\n%v", e, err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d.commands, tt.commands) || d.exit != "" {
				t.Errorf("commands %q, exit %q; want %q and a clean exit", d.commands, d.exit, tt.commands)
			}
			d.links = []string{"https://example.com/1"}
			data, err := d.archive()
			if err != nil {
				t.Fatal(err)
			}
			c, err := cases.Parse("p/"+nameFromFile(tt.file)+".txtar", "p", data)
			if err != nil {
				t.Fatalf("the imported case does not load: %v\n%s", err, data)
			}
			if got, want := c.ImplicitScript(), "python "+tt.file+"\n"; tt.commands == nil && got != want {
				t.Errorf("implicit script %q, want %q", got, want)
			}
		})
	}
}
