package authoring

import (
	"fmt"
	"strings"
)

// A litToken is one word or operator of a RUN: command, read as lit's
// internal shell (ShUtil.ShLexer) and bash both read it. Where the two
// would read a command differently ($VAR, globs, ~, backticks), litLex
// refuses it instead of choosing one shell's meaning.
type litToken struct {
	word string // the word with its quotes removed; "" for an operator
	op   string // "|", "||", "&&", ";", "&", ">", ">>", "<", "2>&1", ...
}

// litLex splits a substituted RUN: command into words and operators.
func litLex(cmd string) ([]litToken, error) {
	var toks []litToken
	i := 0
	for i < len(cmd) {
		c := cmd[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case strings.IndexByte("|&;<>", c) >= 0:
			op, n := litOperator(cmd[i:], "")
			toks = append(toks, litToken{op: op})
			i += n
			continue
		}
		// A word, unless it is the file descriptor of a redirection (2>).
		start := i
		for i < len(cmd) && cmd[i] >= '0' && cmd[i] <= '9' {
			i++
		}
		if i > start && i < len(cmd) && (cmd[i] == '>' || cmd[i] == '<') {
			op, n := litOperator(cmd[i:], cmd[start:i])
			toks = append(toks, litToken{op: op})
			i += n
			continue
		}
		i = start
		var w strings.Builder
		for i < len(cmd) && strings.IndexByte(" \t|&;<>", cmd[i]) < 0 {
			c := cmd[i]
			switch {
			case c == '\'':
				end := strings.IndexByte(cmd[i+1:], '\'')
				if end < 0 {
					return nil, fmt.Errorf("a ' quote is not closed")
				}
				w.WriteString(cmd[i+1 : i+1+end])
				i += end + 2
			case c == '"':
				i++
				closed := false
				for i < len(cmd) {
					if cmd[i] == '"' {
						closed = true
						i++
						break
					}
					if cmd[i] == '$' || cmd[i] == '`' {
						return nil, litShellsDiffer(cmd[i:])
					}
					// Both shells unescape \" and \\ inside double quotes.
					if cmd[i] == '\\' && i+1 < len(cmd) && (cmd[i+1] == '"' || cmd[i+1] == '\\') {
						i++
					}
					w.WriteByte(cmd[i])
					i++
				}
				if !closed {
					return nil, fmt.Errorf("a \" quote is not closed")
				}
			case c == '\\':
				if i+1 >= len(cmd) {
					return nil, fmt.Errorf("ends with a lone backslash")
				}
				w.WriteByte(cmd[i+1])
				i += 2
			case c == '$' || c == '`':
				return nil, litShellsDiffer(cmd[i:])
			case c == '*' || c == '?' || c == '[':
				return nil, fmt.Errorf("%q is a glob the shell expands to the files it matches, which a case's script does not; quote it, or name the files", string(c))
			case c == '~' && w.Len() == 0:
				return nil, fmt.Errorf("~ is expanded to a home directory by bash but not by lit's internal shell; write the path out")
			default:
				w.WriteByte(c)
				i++
			}
		}
		toks = append(toks, litToken{word: w.String()})
	}
	return toks, nil
}

// litShellsDiffer is the refusal of a $ or a backquote: bash expands
// $VAR, $(...) and `...`, lit's internal shell passes them on as they are,
// and which shell the suite uses is its lit config's choice.
func litShellsDiffer(at string) error {
	end := len(at)
	if i := strings.IndexAny(at, " \t\"'"); i > 0 {
		end = i
	}
	return fmt.Errorf("%s is expanded by bash but passed on as it is by lit's internal shell, so the command means what the suite's shell makes of it; write the value out", at[:end])
}

// litOperator reads the operator at the start of s (after fd, a
// redirection's file descriptor) and returns it with its length.
func litOperator(s, fd string) (string, int) {
	for _, op := range []string{">&1", ">&2", ">>", "||", "&&", "&>", ">&", "|&"} {
		if strings.HasPrefix(s, op) {
			return fd + op, len(op)
		}
	}
	return fd + s[:1], 1
}

// scriptWord quotes w for a script line, as testscript reads it: a word
// with a space, a quote or a character testscript gives a meaning ($, #
// first, [ first, ! or & alone) is single-quoted, ” standing for '.
func scriptWord(w string) string {
	if w != "" && !strings.ContainsAny(w, " \t'\"$") && !strings.HasPrefix(w, "#") && !strings.HasPrefix(w, "[") && w != "!" && w != "&" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", "''") + "'"
}
