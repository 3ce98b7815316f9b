package cases

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
)

// A good case exercises every key; the tests below each break one thing.
const goodCase = `# the script
python repro.py
stdout ok
-- case.yaml --
summary: a thread_local vector of references released after finalization
links:
  - https://github.com/llvm/llvm-project/pull/203826
python: [">=3.10,<3.14", "3.13t"]
packages: ["demo-pkg==1.0", "./pkg"]
index:
  url: https://example.com/simple
  extra: [https://example.org/simple]
  find-links: [./wheels]
requires: [linux || darwin]
unsupported: ["windows"]
xfail: [free-threading]
exit: 0
stderr: 'ok'
timeout: 30s
env: {A: "1", B: two}
repeat: 3
retries: 1
clean: strict
variants:
  regressed:
    packages: ["demo-pkg==0.9"]
    exit: [SIGSEGV, SIGABRT]
    env: {B: three, C: "4"}
  crashing:
    exit: crash
known-bad: [crashing]
-- repro.py --
print("ok")
`

func writeCase(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "pkg"), 0o777)
	os.MkdirAll(filepath.Join(dir, "wheels"), 0o777)
	f := filepath.Join(dir, "c.txtar")
	if err := os.WriteFile(f, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestLoadGood(t *testing.T) {
	f := writeCase(t, goodCase)
	c, err := Load(f, "mlir")
	if err != nil {
		t.Fatal(err)
	}
	if c.ID() != "mlir/c" || c.Summary == "" || len(c.Links) != 1 {
		t.Errorf("case = %s %q %v", c.ID(), c.Summary, c.Links)
	}
	if len(c.Files) != 1 || c.Files[0].Name != "repro.py" {
		t.Errorf("files = %v, want only repro.py (case.yaml is not copied)", c.Files)
	}
	if len(c.Variants) != 3 || c.Variants[0].Name != "default" || c.Variants[1].Name != "regressed" {
		t.Fatalf("variants = %v", c.Variants)
	}
	def, reg, crash := c.Variants[0], c.Variants[1], c.Variants[2]
	if def.Timeout != 30*time.Second || def.Repeat != 3 || def.Retries != 1 || def.Clean != "strict" {
		t.Errorf("default = %+v", def)
	}
	if len(def.Python) != 2 || !def.Python[1].FreeThreaded {
		t.Errorf("python = %+v", def.Python)
	}
	if def.Packages[1].Path != filepath.Join(filepath.Dir(f), "pkg") {
		t.Errorf("local package path = %q, want it resolved against the case file", def.Packages[1].Path)
	}
	if def.Index.FindLinks[0] != filepath.Join(filepath.Dir(f), "wheels") {
		t.Errorf("find-links = %v, want it resolved against the case file", def.Index.FindLinks)
	}
	// A variant's env merges over the case's; other keys replace.
	if reg.Env["A"] != "1" || reg.Env["B"] != "three" || reg.Env["C"] != "4" {
		t.Errorf("regressed env = %v", reg.Env)
	}
	if def.Env["B"] != "two" || def.Env["C"] != "" {
		t.Errorf("default env changed by a variant: %v", def.Env)
	}
	if reg.Exit.String() != "[SIGSEGV, SIGABRT]" || len(reg.Packages) != 1 || reg.Timeout != 30*time.Second {
		t.Errorf("regressed = exit %s packages %v timeout %s", reg.Exit, reg.Packages, reg.Timeout)
	}
	if !reg.KnownBad(c) || !crash.KnownBad(c) || def.KnownBad(c) {
		t.Errorf("known-bad: regressed %v crashing %v default %v", reg.KnownBad(c), crash.KnownBad(c), def.KnownBad(c))
	}
	if reg.Line != 25 {
		t.Errorf("regressed declared at line %d, want 25", reg.Line)
	}
}

func TestLoadErrors(t *testing.T) {
	yaml := "-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n"
	tests := []struct {
		name string
		text string
		want []string // each a whole "c.txtar:N: message" or a prefix ending in ":"
	}{
		{"unknown key", "python x.py\n" + yaml + "exitt: 0\n-- x.py --\n",
			[]string{`c.txtar:5: case.yaml: unknown key "exitt" (did you mean "exit"?)`}},
		{"unknown key far", "python x.py\n" + yaml + "colour: red\n-- x.py --\n",
			[]string{`c.txtar:5: case.yaml: unknown key "colour" (known keys: `}},
		{"bad signal", "python x.py\n" + yaml + "exit: SIGABORT\n-- x.py --\n",
			[]string{`c.txtar:5: exit: "SIGABORT" is not a signal name (did you mean SIGABRT?)`}},
		{"bad signal in list", "python x.py\n" + yaml + "exit:\n  - SIGSEGV\n  - SIGBOGUS\n-- x.py --\n",
			[]string{`c.txtar:7: exit: "SIGBOGUS" is not a signal name`}},
		{"empty python list", "python x.py\n" + yaml + "python: []\n-- x.py --\n",
			[]string{`c.txtar:5: python: an empty list selects no interpreter, so the case would never run; leave python out for the corpus default`}},
		{"repeat too large", "python x.py\n" + yaml + "repeat: 100000\n-- x.py --\n",
			[]string{`c.txtar:5: repeat: at most 1000, not 100000`}},
		{"retries too large", "python x.py\n" + yaml + "variants:\n  v:\n    retries: 5000\n-- x.py --\n",
			[]string{`c.txtar:7: retries: at most 1000, not 5000`}},
		{"env sets what cleanexit owns", "python x.py\n" + yaml + "env:\n  PATH: /opt/bin\n  HOME: /tmp\n  OK: 1\n-- x.py --\n",
			[]string{`c.txtar:6: env: PATH is cleanexit's to set (the environment's bin first); to add to it, write testscript's env in the script: env PATH=/opt/bin${:}$PATH`,
				`c.txtar:7: env: HOME is cleanexit's to set`}},
		{"env sets WORK in a variant", "python x.py\n" + yaml + "variants:\n  v:\n    env: {TMPDIR: /tmp, VIRTUAL_ENV: /x, WORK: /w}\n-- x.py --\n",
			[]string{`c.txtar:7: env: TMPDIR is cleanexit's to set`, `c.txtar:7: env: VIRTUAL_ENV is cleanexit's to set`, `c.txtar:7: env: WORK is cleanexit's to set`}},
		{"missing case.yaml", "python x.py\n-- x.py --\n",
			[]string{`c.txtar: no case.yaml in the archive`}},
		{"dotdot", "python x.py\n" + yaml + "-- ../x.py --\n",
			[]string{`c.txtar:5: file name "../x.py" escapes $WORK with ".."`}},
		{"absolute", "python x.py\n" + yaml + "-- /etc/x.py --\n",
			[]string{`c.txtar:5: file name "/etc/x.py" is absolute; names are relative to $WORK`}},
		{"duplicate file", "python x.py\n" + yaml + "-- x.py --\n-- x.py --\n",
			[]string{`c.txtar:6: file "x.py" appears twice (first at line 5)`}},
		{"malformed yaml", "python x.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1\n-- x.py --\n",
			[]string{`c.txtar:4: case.yaml: `}},
		{"tab yaml", "python x.py\n-- case.yaml --\nsummary: s\n\tlinks: x\n-- x.py --\n",
			[]string{`c.txtar:4: case.yaml: `}},
		{"missing summary and links", "python x.py\n-- case.yaml --\npython: '3.12'\n-- x.py --\n",
			[]string{`c.txtar:3: case.yaml: missing summary:`, `c.txtar:3: case.yaml: missing links:`}},
		{"link not a URL", "python x.py\n-- case.yaml --\nsummary: s\nlinks: [see the issue]\n-- x.py --\n",
			[]string{`c.txtar:4: links: "see the issue" is not a URL (want https://…)`}},
		{"unknown feature", "python x.py\n" + yaml + "requires: [darwn && arm64]\n-- x.py --\n",
			[]string{`c.txtar:5: requires: unknown feature "darwn" (did you mean darwin?)`}},
		{"bad expression", "python x.py\n" + yaml + "requires: [darwin &&]\n-- x.py --\n",
			[]string{`c.txtar:5: requires: "darwin &&": `}},
		{"star outside xfail", "python x.py\n" + yaml + "requires: ['*']\n-- x.py --\n",
			[]string{`c.txtar:5: requires: "*" is only meaningful in xfail`}},
		{"bad requirement", "python x.py\n" + yaml + "packages: ['foo==']\n-- x.py --\n",
			[]string{`c.txtar:5: packages: "foo==": `}},
		{"missing local package", "python x.py\n" + yaml + "packages: [./nothere]\n-- x.py --\n",
			[]string{`c.txtar:5: packages: "./nothere": no such file or directory (local paths are relative to the case file)`}},
		{"bad python", "python x.py\n" + yaml + "python: three\n-- x.py --\n",
			[]string{`c.txtar:5: python "three": `}},
		{"bad specifier", "python x.py\n" + yaml + "python: '>=3.x'\n-- x.py --\n",
			[]string{`c.txtar:5: python ">=3.x": `}},
		{"bad timeout", "python x.py\n" + yaml + "timeout: soon\n-- x.py --\n",
			[]string{`c.txtar:5: timeout: "soon" is not a duration (want e.g. 30s, 2m)`}},
		{"bad regexp", "python x.py\n" + yaml + "stderr: '(['\n-- x.py --\n",
			[]string{`c.txtar:5: stderr: "([" is not a regular expression: `}},
		{"bad env", "python x.py\n" + yaml + "env: [A]\n-- x.py --\n",
			[]string{`c.txtar:5: env: want a mapping`}},
		{"bad repeat", "python x.py\n" + yaml + "repeat: 0\n-- x.py --\n",
			[]string{`c.txtar:5: repeat: want a number ≥ 1, not 0`}},
		{"unknown variant key", "python x.py\n" + yaml + "variants:\n  bad:\n    summary: no\n-- x.py --\n",
			[]string{`c.txtar:7: variants: bad: unknown key "summary"`}},
		{"default variant", "python x.py\n" + yaml + "variants:\n  default:\n    exit: 1\n-- x.py --\n",
			[]string{`c.txtar:6: variants: "default" is the case itself`}},
		{"known-bad unknown", "python x.py\n" + yaml + "known-bad: [nope]\n-- x.py --\n",
			[]string{`c.txtar:5: known-bad: no variant named "nope"`}},
		{"empty script two py", yaml + "-- a.py --\n-- b.py --\n",
			[]string{`c.txtar:1: the script is empty, so the case must hold exactly one .py file to run, but it holds 2 (a.py, b.py)`}},
		{"unknown condition", "[cuda] python x.py\n[mac] python x.py\n" + yaml + "-- x.py --\n",
			[]string{`c.txtar:2: unknown condition [mac]`}},
		{"unknown phase", "python x.py\n" + yaml + "exit: crash\nphase: [c-atexit, tls]\n-- x.py --\n",
			[]string{`c.txtar:6: phase: unknown phase "tls" (want one of runtime, finalization, thread-local-destructor,`}},
		{"phase of a clean exit", "python x.py\n" + yaml + "phase: c-atexit\nvariants:\n  bad:\n    exit: crash\n-- x.py --\n",
			[]string{`c.txtar:5: phase: variant "default" expects a clean exit, which has no phase of death`}},
		{"bad backtrace", "python x.py\n" + yaml + "backtrace: yes\n-- x.py --\n",
			[]string{`c.txtar:5: backtrace: want off, crash or always, not "yes"`}},
		{"every error at once", "python x.py\n" + yaml + "exitt: 0\nexit: SIGABORT\n-- ../x.py --\n",
			[]string{`c.txtar:5: case.yaml: unknown key "exitt"`, `c.txtar:6: exit: "SIGABORT"`, `c.txtar:7: file name "../x.py"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := writeCase(t, tt.text)
			_, err := Load(f, "p")
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			got := strings.ReplaceAll(err.Error(), filepath.Dir(f)+string(filepath.Separator), "")
			lines := strings.Split(got, "\n")
			for _, want := range tt.want {
				found := false
				for _, l := range lines {
					if l == want || strings.HasPrefix(l, want) {
						found = true
					}
				}
				if !found {
					t.Errorf("error\n%s\nwant a line %q", got, want)
				}
			}
		})
	}
}

func TestImplicitScript(t *testing.T) {
	f := writeCase(t, "# only a comment\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- context_shutdown.py --\nprint(1)\n")
	c, err := Load(f, "mlir")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.ImplicitScript(); got != "python context_shutdown.py\n" {
		t.Errorf("ImplicitScript = %q", got)
	}
}

func TestParseNeverPanics(t *testing.T) {
	inputs := []string{"", "-- case.yaml --\n", "-- case.yaml --\n- a\n- b\n", "-- case.yaml --\n~\n",
		"-- case.yaml --\nvariants: 3\n", "-- case.yaml --\nvariants:\n  x:\n", "-- case.yaml --\nindex: 1\n",
		"-- case.yaml --\nexit: []\n", "-- case.yaml --\nexit: {a: 1}\n", "-- case.yaml --\n: :\n",
		"-- case.yaml --\npython: [[1]]\n", "-- case.yaml --\nenv: {A: [1]}\n", "-- --\n"}
	for _, in := range inputs {
		_, err := Parse("c.txtar", "p", []byte(in))
		if err == nil {
			t.Errorf("Parse(%q) = no error", in)
		}
	}
}

// FuzzParse: no archive panics the loader, and an archive it accepts has
// a script with no bad line and members testscript can write into $WORK.
func FuzzParse(f *testing.F) {
	f.Add([]byte(goodCase))
	f.Add([]byte("-- case.yaml --\nsummary: s\nlinks: [https://x.org]\n-- a.py --\n"))
	f.Add([]byte("[short] python a.py\n\uFEFF? python 'a\n" + minimalYAML + "-- a.py --\n"))
	f.Add([]byte("python a.py\r\n" + minimalYAML + "-- . --\n-- a --\n-- a/b --\n-- .tmp --\n-- a.py --\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("c.txtar", "p", data)
		if err != nil {
			return
		}
		if _, errs := scriptlang.Parse(c.Script, c.ScriptLine); len(errs) > 0 {
			t.Fatalf("accepted a script with bad lines: %v", errs[0])
		}
		written := map[string]bool{}
		for _, f := range c.Files {
			written[f.Name] = true
		}
		for _, f := range c.Files {
			if badArchiveName(f.Name) != "" {
				t.Fatalf("accepted member %q", f.Name)
			}
			for dir := path.Dir(f.Name); dir != "."; dir = path.Dir(dir) {
				if written[dir] {
					t.Fatalf("accepted %q beside a file %q", f.Name, dir)
				}
			}
		}
	})
}

func TestPythonSelector(t *testing.T) {
	tests := []struct {
		sel                 string
		major, minor, micro int
		ft, debug           bool
		want                bool
	}{
		{"3.13", 3, 13, 0, false, false, true},
		{"3.13", 3, 13, 5, false, false, true},
		{"3.13", 3, 13, 0, true, false, false},
		{"3.13t", 3, 13, 0, true, false, true},
		{"3.13t", 3, 13, 0, false, false, false},
		{"3.12.1", 3, 12, 1, false, false, true},
		{"3.12.1", 3, 12, 2, false, false, false},
		{">=3.10,<3.14", 3, 13, 0, false, false, true},
		{">=3.10,<3.14", 3, 9, 18, false, false, false},
		{">=3.10,<3.14", 3, 14, 0, false, false, false},
		{">=3.10", 3, 13, 0, true, false, false},
		// Debug builds (Py_DEBUG), like free-threaded ones, are a
		// different ABI: asked for by name, never by a bare version.
		{"3.11", 3, 11, 2, false, true, false},
		{"3.11d", 3, 11, 2, false, true, true},
		{"3.11d", 3, 11, 2, false, false, false},
		{"3.11.2d", 3, 11, 2, false, true, true},
		{"3.13td", 3, 13, 0, true, true, true},
		{"3.13td", 3, 13, 0, true, false, false},
		{"3.13t", 3, 13, 0, true, true, false},
		{">=3.10", 3, 11, 2, false, true, false},
	}
	for _, tt := range tests {
		s, err := ParsePythonSelector(tt.sel)
		if err != nil {
			t.Fatalf("%s: %v", tt.sel, err)
		}
		b := PythonBuild{Major: tt.major, Minor: tt.minor, Micro: tt.micro, FreeThreaded: tt.ft, Debug: tt.debug}
		if got := s.Matches(b); got != tt.want {
			t.Errorf("%s matches %+v = %v, want %v", tt.sel, b, got, tt.want)
		}
	}
	for _, bad := range []string{"", "3", "three", "3.x", "3.1.2.3", ">=3.x", "3.11dt", "3.11dd", "d", ">=3.11d"} {
		if _, err := ParsePythonSelector(bad); err == nil {
			t.Errorf("ParsePythonSelector(%q) = no error", bad)
		}
	}
}

// One rule names cases and runs alike, for arguments, --xfail-not and
// --unsupported: a whole ID, or a prefix that ends at a "/".
func TestMatchesID(t *testing.T) {
	for _, tc := range []struct {
		pattern, id string
		want        bool
	}{
		{"mlir", "mlir/ctx/default/3.12", true},
		{"mlir/ctx", "mlir/ctx/default/3.12", true},
		{"/mlir/ctx/", "mlir/ctx", true},
		{"mlir/ctx/default/3.12", "mlir/ctx/default/3.12", true},
		{"mlir/ct", "mlir/ctx/default/3.12", false},
		{"mlir/ctx/default/3.1", "mlir/ctx/default/3.12", false},
		{"", "mlir/ctx/default/3.12", false},
		{"/", "mlir/ctx/default/3.12", false},
	} {
		if got := MatchesID(tc.pattern, tc.id); got != tc.want {
			t.Errorf("MatchesID(%q, %q) = %v", tc.pattern, tc.id, got)
		}
	}
}
