package scriptlang

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// Parse reads a script whose first line is line firstLine of its file. It
// returns every command line it could read and a problem for every line
// testscript would refuse to start, so that `check` sees what `run` would.
// Blank lines and comments are not command lines.
func Parse(text string, firstLine int) (*Script, []*Error) {
	s := &Script{}
	var errs []*Error
	for i, raw := range strings.Split(text, "\n") {
		n := firstLine + i
		l, problem := parseLine(raw)
		if problem != "" {
			errs = append(errs, &Error{Line: n, Msg: problem})
			continue
		}
		if l == nil {
			continue
		}
		l.Number = n
		s.Lines = append(s.Lines, *l)
	}
	return s, errs
}

// parseLine reads one line as testscript does (its TestScript.parse and
// runLine): words split at spaces, tabs and \r; # outside quotes ends the
// line; single quotes quote, and a doubled one inside them is one. It
// returns nil for a line with no command.
func parseLine(raw string) (*Line, string) {
	text := strings.TrimRight(raw, "\r")
	if strings.HasPrefix(text, "#") {
		return nil, "" // a comment: testscript's phase heading
	}
	if strings.Contains(text, "\uFEFF") {
		return nil, "the line holds a UTF-8 byte order mark (U+FEFF), which testscript reads as part of a word; save the file as UTF-8 without a BOM"
	}
	if !utf8.ValidString(text) {
		return nil, "the line is not valid UTF-8"
	}
	words, problem := split(text)
	if problem != "" {
		return nil, problem
	}
	if len(words) == 0 {
		return nil, ""
	}
	l := &Line{Text: strings.TrimSpace(text)}
	for strings.HasPrefix(words[0].Text, "[") {
		w := words[0].Text
		if !strings.HasSuffix(w, "]") {
			if i := strings.Index(w, "]"); i > 0 {
				return nil, fmt.Sprintf("%q: put a space between the condition and the command: %s %s", w, w[:i+1], w[i+1:])
			}
			return nil, fmt.Sprintf("unterminated condition %q: write [name] as one word, with no spaces inside", w)
		}
		name := strings.TrimSpace(w[1 : len(w)-1])
		c := Cond{Name: name}
		if rest, ok := strings.CutPrefix(name, "!"); ok {
			c = Cond{Name: strings.TrimSpace(rest), Negated: true}
		}
		if problem := ConditionProblem(c.Name); problem != "" {
			return nil, problem
		}
		l.Conds = append(l.Conds, c)
		words = words[1:]
		if len(words) == 0 {
			return nil, fmt.Sprintf("missing command after condition %s", c)
		}
	}
	if words[0].Text == "!" {
		l.Negated = true
		words = words[1:]
		if len(words) == 0 {
			return nil, "! on a line by itself: write ! before the command that must fail"
		}
	}
	l.Name, l.Args = words[0].Text, words[1:]
	if words[0].Expands {
		return nil, fmt.Sprintf("the command name %q comes from a variable; name the command itself (exec $PROG runs a program named by a variable)", l.Name)
	}
	cmd, problem := lookup(l.Name)
	if problem != "" {
		return nil, problem
	}
	l.Command = cmd
	if l.Negated && !cmd.Negatable {
		return nil, fmt.Sprintf("! %s is not supported: %s cannot be expected to fail", l.Name, l.Name)
	}
	if problem := cmd.argsProblem(l.Negated, l.Args); problem != "" {
		return nil, problem
	}
	return l, ""
}

// split cuts a line into words by testscript's rules.
func split(line string) ([]Word, string) {
	var (
		words  []Word
		cur    Word
		inWord bool
		quoted bool
	)
	for i := 0; ; i++ {
		if !quoted && (i >= len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '#') {
			if inWord {
				words = append(words, cur)
				cur, inWord = Word{}, false
			}
			if i >= len(line) || line[i] == '#' {
				return words, ""
			}
			continue
		}
		if i >= len(line) {
			return nil, "unterminated quoted argument: testscript quotes with '…' and writes a quote inside as ''"
		}
		inWord = true
		c := line[i]
		if c == '\'' {
			if quoted && i+1 < len(line) && line[i+1] == '\'' {
				cur.Text += "'"
				i++
				continue
			}
			quoted = !quoted
			continue
		}
		if c == '$' && !quoted {
			cur.Expands = true
		}
		cur.Text += string(c)
	}
}

// lookup finds a command by name, or says what was meant.
func lookup(name string) (*Command, string) {
	if cmd := commandByName[name]; cmd != nil {
		return cmd, ""
	}
	switch {
	case name == "?":
		return nil, "? (a command that may fail) is cmd/go's script syntax; the testscript cleanexit runs has no ?: drop it, or write ! if the command must fail"
	case strings.HasPrefix(name, "!") && commandByName[name[1:]] != nil:
		return nil, fmt.Sprintf("unknown command %q (did you mean \"! %s\"?)", name, name[1:])
	case strings.HasPrefix(name, "?") && commandByName[name[1:]] != nil:
		return nil, fmt.Sprintf("unknown command %q: the testscript cleanexit runs has no ?; write %q, or \"! %s\" if it must fail", name, name[1:], name[1:])
	}
	msg := fmt.Sprintf("unknown command %q", name)
	if sug := suggest.Closest(name, names(), 2); sug != "" {
		return nil, msg + fmt.Sprintf(" (did you mean %q?)", sug)
	}
	return nil, msg + " (commands: " + strings.Join(names(), ", ") + "; run a program with exec)"
}
