package cases

import (
	"strings"
	"testing"
)

const minimalYAML = "-- case.yaml --\nsummary: s\nlinks: [https://github.com/cleanexit/cleanexit/issues/11]\n"

// Script lines testscript refuses only when the case runs are refused by
// the loader, at their line of the .txtar.
func TestLoadRefusesScriptLinesAtTheirLine(t *testing.T) {
	for _, line := range []string{
		"[short] python x.py", "[net] python x.py", "[linux]python x.py", "? python x.py",
		"python -c 'print(1)", "nosuchcommand x", "\uFEFFpython x.py", "[exec:gcc] python x.py",
	} {
		_, err := Parse("c.txtar", "p", []byte("# story\n"+line+"\n"+minimalYAML+"-- x.py --\n"))
		l, ok := err.(ErrorList)
		if !ok || len(l) != 1 || l[0].Line != 2 {
			t.Errorf("%q: %v, want one error at c.txtar:2", line, err)
		}
	}
}

// Archive members testscript cannot write into $WORK are refused at their
// marker's line, not at :0: by the run.
func TestLoadRefusesUnwritableMembers(t *testing.T) {
	long := strings.Repeat("n", 256) + ".py"
	tests := []struct {
		files string
		line  int
		want  string
	}{
		{"-- . --\nx\n", 6, "$WORK itself"},
		{"-- a --\nx\n-- a/b --\ny\n", 8, `needs a folder "a", but the archive has a file "a" (line 6)`},
		{"-- a/b/c --\ny\n-- a --\nx\n", 8, `file "a" is also the folder of "a/b/c" (line 6)`},
		{"-- .tmp --\nx\n", 6, "TMPDIR"},
		{"-- .tmp/f --\nx\n", 6, "TMPDIR"},
		{"-- " + long + " --\nx\n", 6, "a part of 259 bytes; file systems take at most 255"},
		{"-- a\x00b --\nx\n", 6, "NUL byte"},
		{"-- $HOME/x --\nx\n", 6, "expands as a variable"},
	}
	for _, tt := range tests {
		data := "# story\npython x.py\n" + minimalYAML + tt.files + "-- x.py --\n"
		_, err := Parse("c.txtar", "p", []byte(data))
		l, ok := err.(ErrorList)
		if !ok || len(l) != 1 || l[0].Line != tt.line || !strings.Contains(l[0].Msg, tt.want) {
			t.Errorf("%q: %v\nwant one error at c.txtar:%d: …%s…", tt.files, err, tt.line, tt.want)
		}
	}
	// A folder beside files in it is fine, and so is a long name in parts.
	ok := "python x.py\n" + minimalYAML + "-- a/b --\n-- a/c/d --\n-- " + strings.Repeat("n/", 200) + "x --\n-- x.py --\n"
	if _, err := Parse("c.txtar", "p", []byte(ok)); err != nil {
		t.Errorf("good names refused: %v", err)
	}
}

// A CRLF archive is refused once, at its first CRLF line, whatever else is
// wrong with it.
func TestLoadRefusesCRLFOnce(t *testing.T) {
	data := strings.ReplaceAll("# story\npython x.py\n[short] python x.py\n"+minimalYAML+"-- x.py --\n", "\n", "\r\n")
	_, err := Parse("c.txtar", "p", []byte(data))
	l, ok := err.(ErrorList)
	if !ok || len(l) != 1 || l[0].Line != 1 || !strings.Contains(l[0].Msg, "CRLF") {
		t.Fatalf("%v, want one CRLF error at line 1", err)
	}
	mixed := "# story\npython x.py\n" + minimalYAML + "-- x.py --\nprint(1)\r\n"
	if _, err := Parse("c.txtar", "p", []byte(mixed)); err == nil || !strings.Contains(err.Error(), "c.txtar:7: CRLF") {
		t.Errorf("mixed endings: %v, want c.txtar:7: CRLF…", err)
	}
}

// TestCommandsParsedOnce: a loaded case's commands are parsed when it is
// loaded, not again for every run; a script changed since is parsed anew.
func TestCommandsParsedOnce(t *testing.T) {
	c, err := Parse("p/c.txtar", "p", []byte("python -c pass\n-- case.yaml --\nsummary: s\nlinks: [https://github.com/o/r/issues/1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := c.Commands(), c.Commands(); a != b || len(a.Lines) != 1 {
		t.Errorf("Commands() = %p, then %p, %d lines: want the one parse of loading, 1 line", a, b, len(a.Lines))
	}
	c.Script = "python -c pass\npython -c pass\n"
	if got := c.Commands(); len(got.Lines) != 2 {
		t.Errorf("after the script changed, Commands() has %d lines, want 2", len(got.Lines))
	}
}

// A loaded case's script is parsed once: every run of it, and every try,
// gets the loader's parse; a Script changed since is parsed anew.
func TestScriptParsedOnce(t *testing.T) {
	c, err := Parse("p/c.txtar", "p", []byte("python x.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- x.py --\npass\n"))
	if err != nil {
		t.Fatal(err)
	}
	first, errs := c.Parsed()
	again, _ := c.Parsed()
	if first != again || c.Commands() != first || len(errs) != 0 {
		t.Errorf("the loaded script was parsed again (%p, %p, %v)", first, again, errs)
	}
	c.Script = "python y.py\n[nosuch] python x.py\n"
	changed, errs := c.Parsed()
	if changed == first || len(changed.Lines) != 1 || len(errs) != 1 || errs[0].Line != 2 {
		t.Errorf("a changed Script: %+v, errors %v; want it parsed anew, one line and one error at line 2", changed.Lines, errs)
	}
}
