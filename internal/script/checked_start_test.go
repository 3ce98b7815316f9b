package script

import (
	"context"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
	"github.com/rogpeppe/go-internal/txtar"
)

// The rule of issue 11 §1, enumerated: a case the loader (and so `check`)
// accepts starts at run time, and no case panics the run. Every line is
// a prefix and a command; each command succeeds on the archive below,
// plainly or negated as its prefix says (skip makes the run UNSUPPORTED),
// so a run that fails shows a problem the loader should have seen. Lines the loader refuses are run
// anyway, as a case that skipped the loader, and must fail without a
// panic.
func TestCheckedScriptsStart(t *testing.T) {
	stand, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true(1) to stand in for the interpreter")
	}
	// The OS and the architecture hold; nothing else does, and nothing
	// is probed.
	hostOnly := toolchains.NewFeatures(&toolchains.Host{Features: map[string]bool{runtime.GOOS: true, runtime.GOARCH: true, toolchains.FeatureCC: false}},
		toolchains.FeatureOptions{Network: func(context.Context) (bool, string) { return false, "not asked here" }})
	prefixes := []string{
		"", "[linux] ", "[!linux] ", "[" + runtime.GOARCH + "] ", "[!windows] [cc] ", "[python3.11] ",
		"[short] ", "[!short] ", "[net] ", "[gc] ", "[gccgo] ", "[go1.21] ", "[exec:sh] ", "[root] ",
		"[unix] ", "[link] ", "[symlink] ", "[nosuch] ", "[] ", "[linux]", "[linux", "\uFEFF", " \t",
	}
	plain := []string{
		"python x.py", "python -c 'pass'", "python -c 'print(''#'')' # comment", "exists x.py",
		"exists -readonly", "stdout '.*'", "stdout '('", "stdout -count=0 x", "cp x.py y.py", "cp x.py",
		"mv x.py", "env A=1", "mkdir d", "cd", "cd .", "exec true", "exec", "stop", "stop a b",
		"grep 'print' x.py", "grep print", "python -c 'pass", "nosuchcommand x", "pythn x.py",
		"build-ext holder.so x.c", "symlink a b", "!", "", "skip a b", "skip 'not here'", "skip",
	}
	negated := []string{
		"! exists nosuch.py", "! stdout 'never'", "! grep never x.py", "! cd d", "! env A=1",
		"! exec false", "! stdout -count=2 x", "!python x.py", "? python x.py", "?python x.py",
		"! ! exists nosuch.py", "! mkdir d",
	}
	var lines []string
	for _, p := range prefixes {
		for _, c := range plain {
			lines = append(lines, p+c)
		}
		for _, c := range negated {
			lines = append(lines, p+c)
		}
	}
	var accepted, refused int
	for _, line := range lines {
		data := "# enumerated\n" + line + "\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/cleanexit/cleanexit/issues/11]\n-- x.py --\nprint('ok')\n"
		c, err := cases.Parse("p/c.txtar", "p", []byte(data))
		checked := err == nil
		if !checked {
			refused++
			if !strings.Contains(err.Error(), "p/c.txtar:2: ") {
				t.Errorf("%q: refused, but not at its line: %v", line, err)
			}
			// The run of a case that skipped the loader.
			c = &cases.Case{File: "p/c.txtar", Project: "p", Name: "c", ScriptLine: 1,
				Script: "# enumerated\n" + line + "\n", Files: nil}
			c.Variants = []*cases.Variant{{Name: "default"}}
		} else {
			accepted++
		}
		run := &plan.Run{ID: "p/c/default/x", Case: c, Variant: c.Variants[0], Python: "x"}
		job := Job{Run: run, Python: stand, workRoot: t.TempDir(), Features: hostOnly}
		out := Execute(context.Background(), job) // a panic here ends the test binary
		switch {
		case checked && !out.Passed && out.Unsupported == "":
			t.Errorf("%q: check accepts it, but the run fails:\n%s", line, out.Log)
		case !checked && out.Passed:
			t.Errorf("%q: refused by check, but a run passes", line)
		}
	}
	if accepted == 0 || refused == 0 {
		t.Fatalf("accepted %d, refused %d: the enumeration tests nothing on one side", accepted, refused)
	}
	t.Logf("%d lines: %d accepted and run, %d refused", len(lines), accepted, refused)
}

// The same rule for archive members: a name the loader accepts is one
// testscript writes into $WORK, and each name it refuses is one a run
// that skipped the loader cannot start with. (A name with a $ is refused
// too, but not run here: testscript expands it before $HOME is set, so
// "$HOME/x" writes /x, outside $WORK.)
func TestCheckedMembersStart(t *testing.T) {
	stand, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true(1) to stand in for the interpreter")
	}
	long := strings.Repeat("n", 256)
	tests := []struct {
		members []string
		ok      bool
	}{
		{[]string{"y.py"}, true},
		{[]string{"a/b", "a/c/d"}, true},
		{[]string{strings.Repeat("d/", 100) + "f"}, true},
		{[]string{".tmpx"}, true},
		{[]string{"."}, false},
		{[]string{"a", "a/b"}, false},
		{[]string{"a/b", "a"}, false},
		{[]string{".tmp"}, false},
		{[]string{long}, false},
	}
	for _, tt := range tests {
		data := "python x.py\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/cleanexit/cleanexit/issues/11]\n"
		for _, m := range tt.members {
			data += "-- " + m + " --\nz\n"
		}
		data += "-- x.py --\nprint('ok')\n"
		c, err := cases.Parse("p/c.txtar", "p", []byte(data))
		if (err == nil) != tt.ok {
			t.Errorf("%q: loader error %v, want accepted=%v", tt.members, err, tt.ok)
			continue
		}
		if err != nil {
			// The run of a case that skipped the loader.
			c = &cases.Case{File: "p/c.txtar", Project: "p", Name: "c", ScriptLine: 1, Script: "python x.py\n"}
			for _, m := range tt.members {
				c.Files = append(c.Files, txtar.File{Name: m, Data: []byte("z\n")})
			}
			c.Variants = []*cases.Variant{{Name: "default"}}
		}
		run := &plan.Run{ID: "p/c/default/x", Case: c, Variant: c.Variants[0], Python: "x"}
		out := Execute(context.Background(), Job{Run: run, Python: stand, workRoot: t.TempDir()})
		if out.Passed != tt.ok {
			t.Errorf("%q: run passed=%v, want %v:\n%s", tt.members, out.Passed, tt.ok, out.Log)
		}
	}
}

// testscript's skip ends the script; cleanexit reports it as lit does a
// test that does not apply, UNSUPPORTED with the script's reason, not as a
// failed script.
func TestSkipIsUnsupported(t *testing.T) {
	stand, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true(1) to stand in for the interpreter")
	}
	c, err := cases.Parse("p/c.txtar", "p", []byte("[!windows] skip 'needs a Windows console'\npython x.py\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/cleanexit/cleanexit/issues/11]\n-- x.py --\n"))
	if err != nil {
		t.Fatal(err)
	}
	run := &plan.Run{ID: "p/c/default/x", Case: c, Variant: c.Variants[0], Python: "x"}
	out := Execute(context.Background(), Job{Run: run, Python: stand, workRoot: t.TempDir()})
	if out.Unsupported != "skip: needs a Windows console" || len(out.Pythons) != 0 {
		t.Errorf("unsupported %q, %d python runs; want \"skip: needs a Windows console\" and none:\n%s", out.Unsupported, len(out.Pythons), out.Log)
	}
}
