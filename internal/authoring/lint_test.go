package authoring

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// good is a case every rule accepts; the table's archives are small edits
// of it.
const good = `# The story.
python repro.py
-- case.yaml --
summary: s
links: [https://github.com/o/r/issues/1]
variants:
  regressed:
    packages: [a==1]
    exit: SIGSEGV
-- repro.py --
print("ok")
`

func TestLintCase(t *testing.T) {
	tests := []struct {
		name    string
		archive string
		want    []string // each a "line: message" prefix of one problem; none: no problem
	}{
		{"good", good, nil},
		{"story placeholder",
			"# " + storyPlaceholder + ": tell it\npython repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n",
			[]string{"1: the story template is still here"}},
		{"summary placeholder",
			"python repro.py\n-- case.yaml --\nsummary: " + summaryPlaceholder + " what broke\nlinks: [https://example.com/1]\n-- repro.py --\n",
			[]string{"3: summary: still the template's placeholder"}},
		{"repro stub",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n" + reproStub,
			[]string{"5: repro.py is still the template's stub"}},
		{"a repro's own TODO is not a placeholder",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n# TODO(summary) in upstream code\n",
			nil},
		{"xfail without a link",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://docs.python.org/3/library/atexit.html]\nvariants:\n  hang:\n    xfail: [\"*\"]\n-- repro.py --\n",
			[]string{"6: variants: hang: xfail needs a link"}},
		{"xfail with a URL comment",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://docs.python.org/3/library/atexit.html]\nvariants:\n  hang:\n    xfail: [\"*\"] # https://github.com/o/r/issues/2\n-- repro.py --\n",
			nil},
		{"xfail backed by an issue in links",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/o/r/issues/1]\nxfail: [darwin]\n-- repro.py --\n",
			nil},
		{"xfail at the top without a link",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://docs.python.org/3/]\nxfail: [darwin]\n-- repro.py --\n",
			[]string{"5: xfail needs a link"}},
		{"known-bad version without a record",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://docs.python.org/3/]\nvariants:\n  regressed:\n    packages: [a==1]\n    exit: SIGSEGV\n-- repro.py --\n",
			[]string{"6: variants: regressed: known-bad and installs its own packages"}},
		{"known-bad by known-bad: names a version too",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://docs.python.org/3/]\nknown-bad: [old]\nvariants:\n  old:\n    packages: [a==1]\n-- repro.py --\n",
			[]string{"7: variants: old: known-bad"}},
		{"known-bad by a build flag needs no record",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://docs.python.org/3/]\nvariants:\n  buggy:\n    env: {FLAG: \"-DNOFIX\"}\n    exit: crash\n-- repro.py --\n",
			nil},
		{"a commit is a record",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/o/r/commit/abc123]\nvariants:\n  regressed:\n    packages: [a==1]\n    exit: SIGSEGV\n-- repro.py --\n",
			nil},
		{"script runs a file the archive lacks",
			"python repo.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n",
			[]string{"1: python names \"repo.py\", which is not in the archive (did you mean \"repro.py\"?)"}},
		{"build-ext source missing, flags and conditions skipped",
			"[linux] build-ext --sanitize=address mod mod.c helper.c -- -DX\n! python -X dev repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- mod.c --\n-- repro.py --\n",
			[]string{"1: build-ext names \"helper.c\", which is not in the archive"}},
		{"build-ext --with names a library, not a module",
			"build-ext --with nanobind mod mod.cpp -- -DFIX\nbuild-ext --with=pybind11 mod2 mod.cpp\npython repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- mod.cpp --\n-- repro.py --\n",
			nil},
		{"python -c and $VARIABLES are not files",
			"python -c 'import sys'\npython $WORK/x.py\npython -m venv v\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n",
			nil},
		{"names after a cd are relative to its folder",
			"python repro.py\ncd sub\npython inner.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n-- sub/inner.py --\n",
			nil},
		{"a file copied in the script exists",
			"cp repro.py other.py\npython other.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n",
			nil},
		{"binary file",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n-- blob.bin --\n\x00\x01\x02\n",
			[]string{"6: blob.bin is binary"}},
		{"invalid UTF-8 is binary too",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n\xff\xfe\n",
			[]string{"5: repro.py is binary"}},
		{"file too large",
			"python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\n" + strings.Repeat("# padding\n", maxFileSize/10+1),
			[]string{"5: repro.py is 257 KiB; a case's files are at most 256 KiB"}},
		{"no python command",
			"# The story.\nexec true\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n",
			[]string{"1: the script runs no python command"}},
		{"python only elsewhere still counts",
			"[darwin] python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\nprint(1)\n",
			nil},
		{"the implicit python FILE counts",
			"# The story.\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- repro.py --\nprint(1)\n",
			nil},
		{"keys out of order",
			"python repro.py\n-- case.yaml --\nlinks: [https://example.com/1]\nsummary: s\n-- repro.py --\n",
			[]string{"3: case.yaml is not in canonical form (want \"summary: s\" here); run: cleanexit fmt"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := cases.Parse("p/case.txtar", "p", []byte(tt.archive))
			if err != nil {
				t.Fatalf("the case must load for the lint rules to apply: %v", err)
			}
			got := lintCase(c, []byte(tt.archive))
			if len(got) != len(tt.want) {
				t.Fatalf("got %d problems, want %d:\n%v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				if have := got[i].Error(); !strings.HasPrefix(have, "p/case.txtar:"+w) {
					t.Errorf("problem %d = %q, want prefix %q", i, have, "p/case.txtar:"+w)
				}
			}
		})
	}
}

func TestUniqueIDs(t *testing.T) {
	root := t.TempDir()
	write := func(rel string) *cases.Case {
		t.Helper()
		f := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(f), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(good), 0o666); err != nil {
			t.Fatal(err)
		}
		c, err := cases.Load(f, filepath.Base(filepath.Dir(f)))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	a, b := write("p/crash.txtar"), write("p/Crash.txtar")
	tests := []struct {
		name string
		cs   []*cases.Case
		want string
	}{
		{"distinct", []*cases.Case{a}, ""},
		{"one file named twice", []*cases.Case{a, a}, ""},
		{"letter case only", []*cases.Case{a, b}, `case id "p/Crash" differs from "p/crash"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := uniqueIDs(tt.cs)
			if tt.want == "" {
				if len(got) != 0 {
					t.Fatalf("unexpected problems: %v", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Msg, tt.want) {
				t.Fatalf("got %v, want one problem containing %q", got, tt.want)
			}
		})
	}
	// The same ID from two corpus roots.
	other := *a
	other.File = filepath.Join(root, "elsewhere", "p", "crash.txtar")
	other.Dir = filepath.Dir(other.File)
	if got := uniqueIDs([]*cases.Case{a, &other}); len(got) != 1 || !strings.Contains(got[0].Msg, `case id "p/crash" is also`) {
		t.Errorf("duplicate IDs: got %v", got)
	}
}

// A case the core rejects still gets the text rules, so that one push
// shows every problem.
func TestLintUnloaded(t *testing.T) {
	f := filepath.Join(t.TempDir(), "case.txtar")
	data := "# " + storyPlaceholder + "\npython repo.py\n-- case.yaml --\nlinks: [not-a-url]\nsummary: s\n-- repro.py --\n"
	if err := os.WriteFile(f, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := cases.Load(f, "p"); err == nil {
		t.Fatal("the core accepted a case with a bad link")
	}
	got := lintUnloaded([]string{f})
	var msgs []string
	for _, e := range got {
		msgs = append(msgs, strings.TrimPrefix(e.Error(), f+":"))
	}
	want := []string{"1: the story template", "2: python names \"repo.py\"", "4: case.yaml is not in canonical form"}
	if len(msgs) != len(want) {
		t.Fatalf("got %q, want %d problems", msgs, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(msgs[i], want[i]) {
			t.Errorf("problem %d = %q, want prefix %q", i, msgs[i], want[i])
		}
	}
}
