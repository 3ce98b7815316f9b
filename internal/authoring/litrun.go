package authoring

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// litRuns gathers a lit test's RUN: lines as script lines, a command
// continued over several lines with trailing backslashes read as one, as
// lit's CommandDirective joins them.
type litRuns struct {
	name string // the test's file name, for %s
	fail func(line int, format string, args ...any)
	subs []litSubst

	run       string // a RUN: command being continued
	runLine   int    // its first line
	lines     []string
	crashLine int  // the first RUN: line that expects a crash
	plainLine int  // the first that expects none
	fileCheck bool // some RUN: line pipes into FileCheck
}

// add reads the body of the RUN: directive at line n.
func (r *litRuns) add(n int, body string) {
	body = strings.TrimRight(body, " \t\r")
	if r.run == "" {
		r.runLine = n
	} else {
		body = r.run + body
	}
	if cont, ok := strings.CutSuffix(body, `\`); ok {
		r.run = cont
		if r.run == "" {
			r.run = " " // continued, though empty so far
		}
		return
	}
	r.run = ""
	c, err := litCommand(body, r.runLine, r.name, r.subs)
	if err != nil {
		r.fail(r.runLine, "RUN: %q: %v", strings.TrimSpace(body), err)
		return
	}
	r.lines = append(r.lines, c.lines...)
	r.fileCheck = r.fileCheck || c.fileCheck
	if c.crash && r.crashLine == 0 {
		r.crashLine = r.runLine
	} else if !c.crash && r.plainLine == 0 {
		r.plainLine = r.runLine
	}
}

// end refuses what the RUN: lines leave open once the directives end: a
// continuation that nothing continues, and runs that disagree on whether
// python must crash, which one exit: cannot say.
func (r *litRuns) end() {
	if r.run != "" {
		r.fail(r.runLine, "RUN: ends with a backslash but no RUN: line continues it")
	}
	if r.crashLine != 0 && r.plainLine != 0 {
		r.fail(r.crashLine, "RUN: `not --crash` expects a crash here but line %d expects none; a case's exit: applies to every python run, so put the two in variants of a case written by hand", r.plainLine)
	}
}

// A litRun is one RUN: command as script lines.
type litRun struct {
	lines     []string
	crash     bool // `not --crash`: the run must crash
	fileCheck bool // its output goes to FileCheck
}

// litCommand translates the RUN: command run of line n into script
// lines: substitutions first, then the shell's words, as lit does.
func litCommand(run string, n int, name string, subs []litSubst) (litRun, error) {
	if !utf8.ValidString(run) {
		return litRun{}, fmt.Errorf("is not valid UTF-8, and a case's script is text")
	}
	if i := strings.IndexFunc(run, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }); i >= 0 {
		return litRun{}, fmt.Errorf("holds the control character %q, which a case's script line cannot", run[i])
	}
	text, err := litSubstitute(run, n, subs)
	if err != nil {
		return litRun{}, err
	}
	toks, err := litLex(text)
	if err != nil {
		return litRun{}, err
	}
	// a && b runs b when a succeeded, and fails when either does: the
	// script's lines, one after the other.
	var out litRun
	for _, cmd := range litSplit(toks, "&&") {
		r, err := litPipeline(cmd, name)
		if err != nil {
			return litRun{}, err
		}
		if len(out.lines) > 0 && r.crash != out.crash {
			return litRun{}, fmt.Errorf("one command expects a crash and another does not; a case's exit: applies to every python run")
		}
		out.lines = append(out.lines, r.lines...)
		out.crash, out.fileCheck = r.crash, out.fileCheck || r.fileCheck
	}
	return out, nil
}

// litSplit splits tokens at the operator op.
func litSplit(toks []litToken, op string) [][]litToken {
	var out [][]litToken
	start := 0
	for i, t := range toks {
		if t.op == op {
			out = append(out, toks[start:i])
			start = i + 1
		}
	}
	return append(out, toks[start:])
}

// litPipeline translates one command of a RUN: line: python, alone or
// piped into FileCheck, with lit's prefixes.
func litPipeline(toks []litToken, name string) (litRun, error) {
	if len(toks) == 0 {
		return litRun{}, fmt.Errorf("has an empty command")
	}
	stages := litSplit(toks, "|")
	if len(stages) > 2 {
		return litRun{}, fmt.Errorf("pipes through more than one command; a case's script checks python's output with filecheck only")
	}
	py := stages[0]
	// A trailing 2>&1 with nothing reading the output changes nothing
	// lit judges (the exit status), so it carries over as a plain run.
	if k := len(py); k > 0 && py[k-1].op == "2>&1" {
		if len(stages) == 2 {
			return litRun{}, fmt.Errorf("2>&1 | FileCheck checks python's stdout and stderr as one stream, interleaved as the pipe delivered them, which a case's filecheck (python's stdout) does not see; check stdout alone, or write the case by hand")
		}
		py = py[:k-1]
	}
	words, err := litWords(py)
	if err != nil {
		return litRun{}, err
	}
	l, err := litPrefixes(words)
	if err != nil {
		return litRun{}, err
	}
	if len(l.words) > 0 && l.words[0] == "--crash" {
		return litRun{}, fmt.Errorf("--crash belongs right after `not` (lit's `not --crash` expects a crash; a case says exit: crash)")
	}
	if len(l.words) == 0 || l.words[0] != litPython {
		what := "nothing"
		if len(l.words) > 0 {
			what = l.words[0]
		}
		if what == "python" || what == "python3" {
			return litRun{}, fmt.Errorf("runs %s from PATH, not the interpreter lit was configured with; a case runs its own interpreter for %%PYTHON", what)
		}
		return litRun{}, fmt.Errorf("runs %s; a case runs python (%%PYTHON) and checks its output with FileCheck", what)
	}
	l.words[0] = "python"
	r := l.script()
	if len(stages) == 2 {
		fc, err := litFileCheck(stages[1], name)
		if err != nil {
			return litRun{}, err
		}
		// After the env line that sets the variables empty again: lit's
		// env applies to python alone, and filecheck reads no variable.
		r.lines = append(r.lines, fc)
		r.fileCheck = true
	}
	return r, nil
}

// litWords returns the words of a command that has no operator left.
func litWords(toks []litToken) ([]string, error) {
	var words []string
	for _, t := range toks {
		if t.op != "" {
			return nil, fmt.Errorf("uses the shell's %s, which a case's script does not have; write the case by hand", t.op)
		}
		words = append(words, t.word)
	}
	return words, nil
}

// litFileCheck translates `FileCheck CHECKFILE OPTIONS…`, the reader of
// python's output, into a filecheck line. The check file must be the test
// itself, where lit users keep the CHECK lines.
func litFileCheck(toks []litToken, name string) (string, error) {
	words, err := litWords(toks)
	if err != nil {
		return "", err
	}
	if len(words) == 0 || words[0] != "FileCheck" {
		what := "nothing"
		if len(words) > 0 {
			what = words[0]
		}
		if what == "not" {
			return "", fmt.Errorf("pipes into `not FileCheck`, which passes when the checks fail; a case's filecheck must match")
		}
		return "", fmt.Errorf("pipes python's output into %s; a case's script checks it with FileCheck only", what)
	}
	var checkFile string
	opts := []string{}
	for _, w := range words[1:] {
		switch {
		case w == "--input-file" || strings.HasPrefix(w, "--input-file=") || w == "-input-file" || strings.HasPrefix(w, "-input-file="):
			return "", fmt.Errorf("FileCheck %s reads a file instead of python's output; write the case by hand", w)
		case strings.HasPrefix(w, "-"):
			opts = append(opts, scriptWord(w))
		case checkFile == "":
			checkFile = w
		default:
			return "", fmt.Errorf("FileCheck has a second argument %q besides its check file %q: write an option's value with = (--check-prefix=%s)", w, checkFile, w)
		}
	}
	if checkFile != name {
		return "", fmt.Errorf("FileCheck reads its CHECK lines from %q, not from the test (%%s); a case keeps them in the test file", checkFile)
	}
	return strings.Join(append([]string{"filecheck", scriptWord(name)}, opts...), " "), nil
}

// A litLine is a RUN: command with lit's prefixes read off it.
type litLine struct {
	words []string // the command itself
	neg   bool     // `not`: the command must fail
	crash bool     // `not --crash`: it must crash
	vars  []string // `env A=1 B=2`: for this line only
}

// litPrefixes reads `not`, `not --crash` and `env A=1` off the front of
// words.
func litPrefixes(words []string) (litLine, error) {
	var l litLine
	for len(words) > 0 {
		switch words[0] {
		case "!":
			return litLine{}, fmt.Errorf("the shell's `!` passes when the command crashes, in bash and lit's internal shell alike, which a case's `! python` does not; write lit's `not`, which fails on a crash")
		case "not":
			if l.neg || l.crash {
				return litLine{}, fmt.Errorf("negates twice; write the case by hand")
			}
			words = words[1:]
			if len(words) > 0 && words[0] == "--crash" {
				l.crash, words = true, words[1:]
			} else {
				l.neg = true
			}
			continue
		case "env":
			words = words[1:]
			for len(words) > 0 && strings.HasPrefix(words[0], "-") {
				if words[0] == "-u" || words[0] == "--unset" {
					v := ""
					if len(words) > 1 {
						v = words[1]
					}
					return litLine{}, fmt.Errorf("lit's `env -u %s` removes %s for this line; a case's script starts from a controlled environment where %s is unset unless the case sets it, so drop `-u %s`, or write the case by hand", v, v, v, v)
				}
				return litLine{}, fmt.Errorf("env option %s has no counterpart in a case's script; write the case by hand", words[0])
			}
			for len(words) > 0 && strings.Contains(words[0], "=") {
				k, v, _ := strings.Cut(words[0], "=")
				if v == "" {
					return litLine{}, fmt.Errorf("env %s= sets %s to the empty string, which a case's script cannot: its python runs take an empty variable for an unset one", k, k)
				}
				l.vars, words = append(l.vars, scriptWord(words[0])), words[1:]
			}
			continue
		}
		break
	}
	l.words = words
	return l, nil
}

// script is the line's script lines. lit's env applies to its own line:
// set the variables, run, and set them empty again, which the script's
// python runs treat as unset.
func (l litLine) script() litRun {
	r := litRun{crash: l.crash}
	if len(l.vars) > 0 {
		r.lines = append(r.lines, "env "+strings.Join(l.vars, " "))
	}
	var cmd []string
	for _, w := range l.words {
		cmd = append(cmd, scriptWord(w))
	}
	c := strings.Join(cmd, " ")
	if l.neg {
		c = "! " + c
	}
	r.lines = append(r.lines, c)
	if len(l.vars) > 0 {
		var unset []string
		for _, kv := range l.vars {
			k, _, _ := strings.Cut(kv, "=")
			unset = append(unset, strings.TrimPrefix(k, "'")+"=")
		}
		r.lines = append(r.lines, "env "+strings.Join(unset, " "))
	}
	return r
}
