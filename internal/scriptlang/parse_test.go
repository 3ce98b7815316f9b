package scriptlang

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// Lines testscript refuses once the case runs, or panics on, must be
// refused here, at their line.
func TestParseRefuses(t *testing.T) {
	tests := []struct {
		line string
		want string // in the message
	}{
		{"[short] python x.py", "[short] asks whether go test runs with -short"},
		{"[!short] python x.py", "[short]"},
		{"[net] python x.py", "[network]"},
		{"[gc] python x.py", "[gc]"},
		{"[gccgo] python x.py", "[gccgo]"},
		{"[go1.21] python x.py", "Go release"},
		{"[exec:gcc] python x.py", "[cc]"},
		{"[root] python x.py", "[root]"},
		{"[unix] python x.py", "[!windows]"},
		{"[symlink] python x.py", "[symlink]"},
		{"[linx] python x.py", "did you mean [linux]?"},
		{"[] python x.py", "empty condition"},
		{"[linux]python x.py", "put a space between the condition and the command: [linux] python"},
		{"[linux python x.py", "unterminated condition"},
		{"[linux]", "missing command after condition [linux]"},
		{"? python x.py", "the testscript cleanexit runs has no ?"},
		{"?python x.py", `write "python"`},
		{"!python x.py", `did you mean "! python"?`},
		{"!", "! on a line by itself"},
		{"[linux] !", "! on a line by itself"},
		{"python -c 'print(1)", "unterminated quoted argument"},
		{"nosuchcommand x", `unknown command "nosuchcommand"`},
		{"pythn x.py", `did you mean "python"?`},
		{"\uFEFFpython x.py", "byte order mark"},
		{"python x.py\uFEFF", "byte order mark"},
		{"$CMD x", "comes from a variable"},
		{"! cd x", "! cd is not supported"},
		{"! build-ext m m.c", "! build-ext is not supported"},
		{"! env A=1", "! env is not supported"},
		{"cd", "usage: cd DIR"},
		{"cp a", "usage: cp SRC… DST"},
		{"mv a b c", "usage: mv OLD NEW"},
		{"stdout", "usage: stdout [-count=N] PATTERN"},
		{"stdout a b", "usage: stdout"},
		{"stdout '('", "bad pattern"},
		{"stderr -count=0 x", "bad -count=0"},
		{"! stdout -count=2 x", "negated match"},
		{"grep x", "usage: grep [-count=N] PATTERN FILE"},
		{"exec", "usage: exec"},
		{"exec &", "usage: exec"},
		{"! exec sleep 1 &", "cannot tell a crash from a failure"},
		{"! exec sleep 1 &bg&", "cannot tell a crash from a failure"},
		{"exists -readonly", "usage: exists"},
		{"symlink a b", "usage: symlink FILE -> TARGET"},
		{"stop a b", "usage: stop"},
		{"skip a b", "usage: skip"},
		{"build-ext holder", "usage: build-ext"},
		{"build-ext holder.so x.c", "plain name"},
		{"build-ext holder x.py", "not a C or C++ source"},
		{"build-ext --sanitize=thread holder x.c", "only --sanitize=address"},
		{"build-ext --with nanobnd holder x.cpp", "did you mean nanobind?"},
		{"python \xff", "not valid UTF-8"},
		{"filecheck", "usage: filecheck CHECKFILE"},
		{"filecheck --dump-input=fail t.py", "usage: filecheck CHECKFILE"},
		{"filecheck t.py FOO", "filecheck: \"FOO\" is not an option"},
		{"filecheck t.py --input-file=x", "filecheck: --input-file"},
		{"! filecheck t.py", "! filecheck is not supported"},
	}
	for _, tt := range tests {
		s, errs := Parse("# a comment\n"+tt.line+"\n", 10)
		if len(errs) != 1 {
			t.Errorf("%q: %d errors %v, want 1", tt.line, len(errs), errs)
			continue
		}
		if errs[0].Line != 11 || !strings.Contains(errs[0].Msg, tt.want) {
			t.Errorf("%q: line %d: %s\nwant line 11: …%s…", tt.line, errs[0].Line, errs[0].Msg, tt.want)
		}
		if len(s.Lines) != 0 {
			t.Errorf("%q: a refused line is still a command: %+v", tt.line, s.Lines)
		}
	}
}

func TestParseReads(t *testing.T) {
	tests := []struct {
		line string
		want Line
	}{
		{"python x.py", Line{Name: "python", Args: []Word{{Text: "x.py"}}}},
		{"  [linux]  [!python3.13] ! python -X dev x.py  # trailing", Line{
			Conds: []Cond{{Name: "linux"}, {Name: "python3.13", Negated: true}}, Negated: true,
			Name: "python", Args: []Word{{Text: "-X"}, {Text: "dev"}, {Text: "x.py"}}}},
		{"[!darwin] python x.py", Line{Conds: []Cond{{Name: "darwin", Negated: true}}, Name: "python", Args: []Word{{Text: "x.py"}}}},
		{"python -c 'print(''a b'')'", Line{Name: "python", Args: []Word{{Text: "-c"}, {Text: "print('a b')"}}}},
		{"stdout '^ok$'", Line{Name: "stdout", Args: []Word{{Text: "^ok$"}}}},
		{"stdout ''", Line{Name: "stdout", Args: []Word{{Text: ""}}}},
		{"python $WORK/x.py '$HOME'", Line{Name: "python", Args: []Word{{Text: "$WORK/x.py", Expands: true}, {Text: "$HOME"}}}},
		{"env A=1 'B=#'\r", Line{Name: "env", Args: []Word{{Text: "A=1"}, {Text: "B=#"}}}},
		{"'[linux]' '!' python", Line{Conds: []Cond{{Name: "linux"}}, Negated: true, Name: "python", Args: []Word{}}},
	}
	for _, tt := range tests {
		s, errs := Parse(tt.line, 1)
		if len(errs) > 0 || len(s.Lines) != 1 {
			t.Errorf("%q: %v, %d lines", tt.line, errs, len(s.Lines))
			continue
		}
		got := s.Lines[0]
		got.Number, got.Text, got.Command = 0, "", nil
		if len(got.Args) == 0 {
			got.Args = []Word{}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tt.line, got, tt.want)
		}
	}
}

func TestParseSkipsCommentsAndBlanks(t *testing.T) {
	s, errs := Parse("# phase\n\n   \n  # indented comment\n\t\npython x.py\n", 3)
	if len(errs) > 0 || len(s.Lines) != 1 || s.Lines[0].Number != 8 {
		t.Fatalf("got %+v, %v; want one line, numbered 8", s.Lines, errs)
	}
}

func TestLineAnswersForItsArguments(t *testing.T) {
	tests := []struct {
		line          string
		reads, writes []string
		needs         Needs
	}{
		{"python x.py", []string{"x.py"}, nil, Needs{}},
		{"python -X faulthandler -W error sub/x.py arg", []string{"sub/x.py"}, nil, Needs{}},
		{"python -c pass", nil, nil, Needs{}},
		{"python -m mod", nil, nil, Needs{}},
		{"python $WORK/x.py", nil, nil, Needs{}},
		{"pip install x", nil, nil, Needs{Pip: true}},
		{"[linux] ! pip install x", nil, nil, Needs{Pip: true}},
		{"build-ext m a.c b.cc -- -DX", []string{"a.c", "b.cc"}, nil, Needs{Build: true}},
		{"build-ext --sanitize=address m a.c", []string{"a.c"}, nil, Needs{Build: true}},
		{"build-ext $FLAGS m a.c", nil, nil, Needs{Build: true}},
		{"build-ext --with nanobind m a.cpp", []string{"a.cpp"}, nil, Needs{Build: true}},
		{"filecheck t.py --check-prefix=X", []string{"t.py"}, nil, Needs{}},
		{"cp a b c/", nil, []string{"c/"}, Needs{}},
		{"mv a b", nil, []string{"b"}, Needs{}},
	}
	for _, tt := range tests {
		s, errs := Parse(tt.line, 1)
		if len(errs) > 0 {
			t.Errorf("%q: %v", tt.line, errs)
			continue
		}
		l := s.Lines[0]
		if got := l.Reads(); !reflect.DeepEqual(got, tt.reads) {
			t.Errorf("%q reads %q, want %q", tt.line, got, tt.reads)
		}
		if got := l.Writes(); !reflect.DeepEqual(got, tt.writes) {
			t.Errorf("%q writes %q, want %q", tt.line, got, tt.writes)
		}
		if got := s.Needs(); got != tt.needs {
			t.Errorf("%q needs %+v, want %+v", tt.line, got, tt.needs)
		}
	}
}

func TestEnvNames(t *testing.T) {
	s, _ := Parse("env A=1 B=2\n[linux] env C=3\nenv\npython x.py\n", 1)
	if got := s.EnvNames(); !reflect.DeepEqual(got, []string{"A", "B", "C"}) {
		t.Errorf("EnvNames = %q", got)
	}
}

// Every command has a usage that starts with its name, and a summary, so
// that the documentation made from the table says something.
func TestCommandTableIsDocumented(t *testing.T) {
	for _, c := range commands() {
		if !strings.HasPrefix(c.Usage, c.Name) || c.Summary == "" {
			t.Errorf("%s: usage %q, summary %q", c.Name, c.Usage, c.Summary)
		}
	}
}

// docs/case-format.md names every command and every refused condition,
// so the page a contributor reads is the table the parser uses.
func TestLanguageDocumented(t *testing.T) {
	page, err := os.ReadFile("../../docs/case-format.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(page)
	for _, c := range commands() {
		named := regexp.MustCompile("(^|[\\s`(])" + regexp.QuoteMeta(c.Name) + "([\\s`),]|$)")
		if !named.MatchString(doc) {
			t.Errorf("docs/case-format.md does not name the command %q", c.Name)
		}
	}
	for name := range testscriptOnly {
		if !strings.Contains(doc, "`["+name+"]`") {
			t.Errorf("docs/case-format.md does not say what to write instead of [%s]", name)
		}
	}
}
