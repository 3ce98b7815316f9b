package scriptlang

import (
	"strings"
	"testing"
)

// FuzzParse: no script panics the parser, every problem is at a line of
// the script, and every command line it returns names a command of the
// table with conditions from the vocabulary.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"python x.py\n",
		"[linux] ! python -c 'print(''x'')' # c\nstdout '^ok$'\n",
		"[short] python x.py\n[linux]python x.py\n? python x.py\n",
		"python 'x\n\uFEFFpython x\nnosuch x\n",
		"build-ext --sanitize=address m a.c -- $CFLAGS\r\nenv A=1\r\n",
		"[!python3.13] [cuda] exec nvidia-smi &\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := strings.Count(text, "\n") + 1
		s, errs := Parse(text, 1)
		for _, e := range errs {
			if e.Line < 1 || e.Line > n || e.Msg == "" {
				t.Fatalf("error at line %d of %d: %q", e.Line, n, e.Msg)
			}
		}
		for _, l := range s.Lines {
			if l.Command == nil || commandByName[l.Name] != l.Command {
				t.Fatalf("line %d: command %q not from the table", l.Number, l.Name)
			}
			for _, c := range l.Conds {
				if ConditionProblem(c.Name) != "" {
					t.Fatalf("line %d: condition %s accepted", l.Number, c)
				}
			}
			l.Reads()
			l.Writes()
			l.needs()
		}
	})
}
