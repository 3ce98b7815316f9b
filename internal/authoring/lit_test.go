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
		opt  LitOptions
		// want, when the import succeeds
		commands                     []string
		requires, unsupported, xfail []string
		exit                         string
		retries                      int
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
			exit: "crash signals"},
		{name: "lit's own test suite's %{python}",
			src:      "# RUN: not --crash %{python} %s -v\n",
			commands: []string{"python t.py -v"}, exit: "crash signals"},
		{name: "a config's %{name} is refused",
			src: "# RUN: %{py} %s\n",
			err: "1: RUN: \"%{py} %s\": %{py} is not one of lit's own substitutions"},
		{name: "LLVM's %python spelling",
			src: "# RUN: %python %s\n"},
		{name: "END. ends the directives",
			src:      "# RUN: %PYTHON %s\n# END.\n# RUN: mlir-opt %s\n# ALLOW_RETRIES: 2\n",
			commands: nil},
		{name: "END. with text after it is no END.",
			src: "# RUN: %PYTHON %s\n# END. of the header\n# RUN: mlir-opt %s\n",
			err: "3: RUN: \"mlir-opt %s\": runs mlir-opt"},
		{name: "directives are found anywhere on a line, as lit finds them",
			src:      "x = 1  # RUN: %PYTHON %s\n\"\"\"\nREQUIRES: system-linux\n\"\"\"\n",
			requires: []string{"linux"}},
		{name: "a keyword with a space before its colon is no directive",
			src: "# RUN: %PYTHON %s\n# XFAIL : *\n"},
		{name: "the first keyword on a line is the directive",
			src:      "# CHECK: RUN: %PYTHON %s -q\n",
			commands: []string{"python t.py -q"}},
		{name: "arch names are the config's",
			src: "# RUN: %PYTHON %s\n# UNSUPPORTED: system-windows, system-darwin && arm64\n",
			err: "2: UNSUPPORTED: lit feature \"arm64\" is whatever the suite's lit config makes it"},
		{name: "LLVM's system- features name the OS; a continued list",
			src:         "# RUN: %PYTHON %s\n# UNSUPPORTED: system-windows, system-\\\n# UNSUPPORTED: darwin\n# REQUIRES: system-linux || system-freebsd\n",
			requires:    []string{"linux || freebsd"},
			unsupported: []string{"windows", "darwin"}},
		{name: "lit's true and false fold",
			src:   "# RUN: %PYTHON %s\n# REQUIRES: true\n# UNSUPPORTED: false\n# XFAIL: true\n",
			xfail: []string{"*"}},
		{name: "REQUIRES: false never runs",
			src: "# RUN: %PYTHON %s\n# REQUIRES: false\n",
			err: "2: REQUIRES: \"false\" is false everywhere, so lit never runs the test"},
		{name: "a config's feature names are refused unless declared",
			src: "# RUN: %PYTHON %s\n# REQUIRES: asan\n",
			err: "2: REQUIRES: lit feature \"asan\" is whatever the suite's lit config makes it (cleanexit's asan may mean something else"},
		{name: "a declared feature carries its meaning",
			src:      "# RUN: %PYTHON %s\n# REQUIRES: host-supports-jit, bindings_python\n",
			opt:      LitOptions{Features: map[string]string{"host-supports-jit": "linux || darwin", "bindings_python": "true"}},
			requires: []string{"(linux || darwin)"}},
		{name: "ALLOW_RETRIES is retries",
			src:     "# RUN: %PYTHON %s\n# ALLOW_RETRIES: 3\n",
			retries: 3},
		{name: "a second ALLOW_RETRIES is refused, as lit refuses it",
			src: "# RUN: %PYTHON %s\n# ALLOW_RETRIES: 3\n# ALLOW_RETRIES: 1\n",
			err: "3: ALLOW_RETRIES: a second one (the first is line 2)"},
		{name: "a crash expected on one line and not another is refused",
			src: "# RUN: %PYTHON %s\n# RUN: not --crash %PYTHON %s\n",
			err: "2: RUN: `not --crash` expects a crash here but line 1 expects none"},
		{name: "--crash after python is the script's own argument",
			src: "# RUN: %PYTHON --crash %s\n",
			err: "", commands: []string{"python --crash t.py"}},
		{name: "env -u says what lit means",
			src: "# RUN: env -u PYTHONPATH %PYTHON %s\n",
			err: "1: RUN: \"env -u PYTHONPATH %PYTHON %s\": lit's `env -u PYTHONPATH` removes PYTHONPATH for this line"},
		{name: "env VAR= sets the empty string, which a script cannot",
			src: "# RUN: env A= %PYTHON %s\n",
			err: "1: RUN: \"env A= %PYTHON %s\": env A= sets A to the empty string"},
		{name: "%PYTHON% is a config's, declared with --lit-subst",
			src: "# RUN: %PYTHON% %s\n",
			err: "1: RUN: \"%PYTHON% %s\": %PYTHON% is not one of lit's own substitutions; the suite's lit config defines it (CIRCT's PyCDE"},
		{name: "--lit-subst applies before lit's own",
			src:      "# RUN: %PYTHON% %s | FileCheck %s\n",
			opt:      LitOptions{Substitutions: [][2]string{{"%PYTHON%", "%PYTHON"}}},
			commands: []string{"python t.py", "filecheck t.py"}, requires: []string{"filecheck"}},
		{name: "a target triple's arch or OS is the host's",
			src:         "# RUN: %PYTHON %s\n# UNSUPPORTED: target=aarch64{{.*}}, target=arm64{{.*}}, target={{.*}}-windows{{.*}}\n",
			unsupported: []string{"arm64", "arm64", "windows"}},
		{name: "another target triple regex says what to write instead",
			src: "# RUN: %PYTHON %s\n# UNSUPPORTED: target=aarch64-{{.*}}-gnu\n",
			err: "2: UNSUPPORTED: \"target=aarch64-{{.*}}-gnu\" matches lit's target triple"},
		{name: "not not is refused",
			src: "# RUN: not not %PYTHON %s\n",
			err: "1: RUN: \"not not %PYTHON %s\": negates twice"},
		{name: "the shell's ! accepts a crash, and is refused",
			src: "# RUN: ! %PYTHON %s\n",
			err: "1: RUN: \"! %PYTHON %s\": the shell's `!` passes when the command crashes"},
		{name: "a FileCheck pipeline checks python's stdout",
			src:      "import x\n# RUN: %PYTHON %s | FileCheck %s\n",
			commands: []string{"python t.py", "filecheck t.py"}, requires: []string{"filecheck"}},
		{name: "FileCheck's options carry over",
			src:      "# RUN: %PYTHON %s | FileCheck %s --check-prefix=FOO --dump-input=fail\n",
			commands: []string{"python t.py", "filecheck t.py --check-prefix=FOO --dump-input=fail"}, requires: []string{"filecheck"}},
		{name: "a continued FileCheck pipeline",
			src:      "# RUN: %PYTHON %s \\\n# RUN: | FileCheck %s\n",
			commands: []string{"python t.py", "filecheck t.py"}, requires: []string{"filecheck"}},
		{name: "not --crash with FileCheck",
			src:      "# RUN: not --crash %PYTHON %s | FileCheck %s\n",
			commands: []string{"python t.py", "filecheck t.py"}, requires: []string{"filecheck"}, exit: "crash signals"},
		{name: "2>&1 | FileCheck is refused",
			src: "# RUN: %PYTHON %s 2>&1 | FileCheck %s\n",
			err: "1: RUN: \"%PYTHON %s 2>&1 | FileCheck %s\": 2>&1 | FileCheck checks python's stdout and stderr as one stream"},
		{name: "FileCheck reading another file is refused",
			src: "# RUN: %PYTHON %s | FileCheck %S/other.txt\n",
			err: "1: RUN: \"%PYTHON %s | FileCheck %S/other.txt\": FileCheck reads its CHECK lines from \"./other.txt\""},
		{name: "a && b is two lines",
			src:      "# RUN: %PYTHON %s && %PYTHON %s -v\n",
			commands: []string{"python t.py", "python t.py -v"}},
		{name: "other shell is refused",
			src: "# RUN: %PYTHON %s > %t\n",
			err: `1: RUN: "%PYTHON %s > %t": uses the shell's >`},
		{name: "$VAR means what the suite's shell makes of it, and is refused",
			src: "# RUN: %PYTHON %s $HOME\n",
			err: `1: RUN: "%PYTHON %s $HOME": $HOME is expanded by bash but passed on as it is by lit's internal shell`},
		{name: "single quotes keep $ literal in both shells",
			src:      "# RUN: %PYTHON %s '$HOME a'\n",
			commands: []string{"python t.py '$HOME a'"}},
		{name: "a glob is refused",
			src: "# RUN: %PYTHON %s *.txt\n",
			err: `1: RUN: "%PYTHON %s *.txt": "*" is a glob`},
		{name: "path substitutions are relative to the test's folder",
			src:      "# RUN: %PYTHON %S/x.py %/s %{s:basename} %{s:stem} %t %%\n",
			commands: []string{"python ./x.py t.py t.py t t.py.tmp %"}},
		{name: "%:s has no relative counterpart",
			src: "# RUN: %PYTHON %:s\n",
			err: "1: RUN: \"%PYTHON %:s\": lit substitution %:s is the absolute path"},
		{name: "a config's substitution is refused naming it",
			src: "# RUN: %PYTHON -m mypy %s --config-file %mlir_src_root/test/python/mypy.ini\n",
			err: "1: RUN: \"%PYTHON -m mypy %s --config-file %mlir_src_root/test/python/mypy.ini\": %mlir_src_root is not one of lit's own substitutions"},
		{name: "printf text passes on, as lit passes it",
			src:      "# RUN: %PYTHON -c 'print(\"%d %(x)s\" % 1)' %s\n",
			commands: []string{"python -c 'print(\"%d %(x)s\" % 1)' t.py"}},
		{name: "%(line) is the RUN line's number",
			src:      "\n# RUN: %PYTHON %s %(line) %(line+2)\n",
			commands: []string{"python t.py 2 4"}},
		{name: "python from PATH is not %PYTHON",
			src: "# RUN: python3 %s\n",
			err: "1: RUN: \"python3 %s\": runs python3 from PATH"},
		{name: "DEFINE is refused at its line",
			src: "# DEFINE: %{x} = 1\n# RUN: %PYTHON %s\n",
			err: "1: DEFINE: defines a lit substitution"},
		{name: "commands other than python are refused",
			src: "# RUN: mlir-opt %s\n",
			err: `1: RUN: "mlir-opt %s": runs mlir-opt`},
		{name: "no RUN line",
			src: "print(1)\n",
			err: " no RUN: line"},
		{name: "dangling continuation",
			src: "# RUN: %PYTHON %s \\\n",
			err: "1: RUN: ends with a backslash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ImportLit("t.py", []byte(tt.src), tt.opt)
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
			gotExit := d.exit
			if d.exitSignals != nil {
				if !reflect.DeepEqual(d.exitSignals, litCrashSignals) {
					t.Errorf("exit signals = %q", d.exitSignals)
				}
				gotExit = "crash signals"
			}
			if gotExit != tt.exit {
				t.Errorf("exit = %q, want %q", gotExit, tt.exit)
			}
			if d.retries != tt.retries {
				t.Errorf("retries = %d, want %d", d.retries, tt.retries)
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
	d, err := ImportLit("context_shutdown.py", src, LitOptions{})
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
			`circt-hwarith.py:1: REQUIRES: lit feature "bindings_python" is whatever the suite's lit config makes it`,
			`circt-hwarith.py:2: RUN: "%PYTHON% %s | FileCheck %s": %PYTHON% is not one of lit's own substitutions`,
			`--lit-subst '%PYTHON%=%PYTHON'`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", "lit", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			d, err := ImportLit(tt.file, src, LitOptions{})
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
