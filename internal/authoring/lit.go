package authoring

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/feature"
	"github.com/rogpeppe/go-internal/txtar"
)

// litDirectiveRE matches a lit directive in a Python comment.
// lit's END. is a tag, written without a colon.
var litDirectiveRE = lazyregexp.New(`^\s*#\s*(?:(RUN|REQUIRES|UNSUPPORTED|XFAIL|REQUIRES-ANY|ALLOW_RETRIES)\s*:(.*)|(END\.).*)$`)

// litSubstitutionRE finds lit substitutions: %name, %{name} and %%.
var litSubstitutionRE = lazyregexp.New(`%(%|\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)`)

// ImportPath is where `import` writes the case of the lit test src: id
// is PROJECT/NAME, or PROJECT alone, and then the case is named after src
// (see nameFromFile).
func ImportPath(corpusRoot, src, id string) (string, error) {
	if !strings.Contains(strings.Trim(id, "/"), "/") {
		id = strings.Trim(id, "/") + "/" + nameFromFile(src)
	}
	return CasePath(corpusRoot, id)
}

// ImportLit turns an upstream lit test into a draft case. The file is kept
// verbatim, RUN: lines are translated into the script (%PYTHON or
// %{python} is python, %s the file), and REQUIRES:, UNSUPPORTED: and
// XFAIL: become requires, unsupported and xfail. A test whose only RUN:
// line is `%PYTHON %s` gets no script at all: a case with one .py file and
// no commands runs it, so the upstream test is the case.
//
// lit's meaning is kept, never loosened: `not` is `! python`, which fails
// when the interpreter crashes, as lit's `not` does; `not --crash`, lit's
// only way to expect a crash, becomes `exit: crash`; `env A=1` applies to
// its own RUN: line alone; `# END.` ends the directives.
//
// What cannot be carried over faithfully is refused, naming the line and
// what cleanexit offers instead, not dropped: a FileCheck pipeline (its
// checks would be lost and the case would pass on output FileCheck
// rejects), other pipes and redirections, commands other than python,
// unknown substitutions and feature names.
func ImportLit(file string, src []byte) (*Draft, error) {
	name := filepath.Base(file)
	d := &Draft{files: []txtar.File{{Name: name, Data: src}}}
	var errs cases.ErrorList
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &cases.Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	runs := litRuns{name: name, fail: fail}
lines:
	for i, l := range strings.Split(string(src), "\n") {
		n := i + 1
		m := litDirectiveRE.FindStringSubmatch(strings.TrimRight(l, "\r"))
		if m == nil {
			continue
		}
		kw, body := m[1]+m[3], strings.TrimSpace(m[2])
		switch kw {
		case "END.":
			break lines
		case "RUN":
			runs.add(n, body)
		case "REQUIRES", "UNSUPPORTED", "XFAIL":
			exprs, err := litFeatures(kw, body)
			if err != nil {
				fail(n, "%s: %v", kw, err)
				continue
			}
			switch kw {
			case "REQUIRES":
				d.requires = append(d.requires, exprs...)
			case "UNSUPPORTED":
				d.unsupported = append(d.unsupported, exprs...)
			case "XFAIL":
				d.xfail = append(d.xfail, exprs...)
			}
		default:
			fail(n, "%s: is a lit directive cleanexit has no counterpart for; remove it, or write the case by hand", kw)
		}
	}
	runs.end()
	if len(runs.lines) == 0 && len(errs) == 0 {
		fail(0, "no RUN: line (want a lit test such as `# RUN: %%PYTHON %%s`); for a plain repro use cleanexit new --from")
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if runs.crashLine != 0 {
		d.exit = "crash"
	}
	if !(len(runs.lines) == 1 && runs.lines[0] == "python "+name) {
		d.commands = runs.lines
	}
	return d, nil
}

// litRuns gathers a lit test's RUN: lines as script lines, a command
// continued over several lines with trailing backslashes read as one.
type litRuns struct {
	name string // the test's file name, for %s
	fail func(line int, format string, args ...any)

	run       string // a RUN: command being continued
	runLine   int    // its first line
	lines     []string
	crashLine int // the first RUN: line that expects a crash
	plainLine int // the first that expects none
}

// add reads the body of the RUN: directive at line n.
func (r *litRuns) add(n int, body string) {
	if r.run == "" {
		r.runLine = n
	}
	if cont, ok := strings.CutSuffix(body, `\`); ok {
		r.run += strings.TrimSpace(cont) + " "
		return
	}
	r.run += body
	if c, err := litCommand(r.run, r.name); err != nil {
		r.fail(r.runLine, "RUN: %v", err)
	} else {
		r.lines = append(r.lines, c.lines...)
		if c.crash && r.crashLine == 0 {
			r.crashLine = r.runLine
		} else if !c.crash && r.plainLine == 0 {
			r.plainLine = r.runLine
		}
	}
	r.run = ""
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
	lines []string
	crash bool // `not --crash`: the run must crash
}

// litStrayPercentRE finds a substitution written with a closing '%', as
// Windows shells spell variables: %PYTHON% is not lit's spelling.
var litStrayPercentRE = lazyregexp.New(`%(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)%([^%]|$)`)

// litCommand translates one RUN: command into script lines.
func litCommand(run, name string) (litRun, error) {
	run, err := litWithoutShell(run)
	if err != nil {
		return litRun{}, err
	}
	text, err := litSubstitute(run, name)
	if err != nil {
		return litRun{}, err
	}
	l, err := litPrefixes(run, strings.Fields(text))
	if err != nil {
		return litRun{}, err
	}
	if len(l.words) > 0 && l.words[0] == "--crash" {
		return litRun{}, fmt.Errorf("%q: --crash belongs right after `not` (lit's `not --crash` expects a crash; a case says exit: crash)", run)
	}
	if len(l.words) == 0 || l.words[0] != "python" {
		return litRun{}, fmt.Errorf("%q runs %s; a case runs python (use %%PYTHON)", run, strings.Join(l.words[:min(1, len(l.words))], ""))
	}
	return l.script(), nil
}

// litWithoutShell refuses a RUN: command that needs a shell (a pipe, a
// redirection, FileCheck) or spells a substitution the Windows way, and
// drops a trailing 2>&1 that changes nothing lit judges.
func litWithoutShell(run string) (string, error) {
	// %PYTHON% (CIRCT's spelling) would read as a command "python%".
	stray := ""
	if m := litStrayPercentRE.FindStringSubmatch(run); m != nil {
		stray = fmt.Sprintf("%%%s%% is not a lit substitution; lit writes %%%s (or %%{python}), with no closing %%", m[1], m[1])
	}
	if strings.Contains(run, "FileCheck") {
		msg := fmt.Sprintf("%q pipes into FileCheck, which a case cannot run; rewrite its CHECK lines as `stdout` assertions in the case's script, then import the test without the pipeline", run)
		if stray != "" {
			msg += "; and " + stray
		}
		return "", fmt.Errorf("%s", msg)
	}
	// A trailing 2>&1 with nothing reading the output changes nothing lit
	// judges (the exit status), so it carries over as a plain run.
	if cut, ok := strings.CutSuffix(strings.TrimSpace(run), " 2>&1"); ok && !strings.Contains(cut, "|") {
		run = cut
	}
	for _, op := range []string{"|", "&&", ";", ">", "<", "`", "$("} {
		if strings.Contains(run, op) {
			return "", fmt.Errorf("%q uses the shell (%s), which a case's script does not have; write the script by hand", run, op)
		}
	}
	if stray != "" {
		return "", fmt.Errorf("%q: %s", run, stray)
	}
	return run, nil
}

// litSubstitute replaces lit's substitutions that a case has: %PYTHON
// (python), %s (the test's file, name) and %%.
func litSubstitute(run, name string) (string, error) {
	var bad []string
	text := litSubstitutionRE.ReplaceAllStringFunc(run, func(sub string) string {
		switch sub {
		case "%%":
			return "%"
		case "%PYTHON", "%{PYTHON}", "%python", "%{python}":
			return "python"
		case "%s", "%{s}":
			return name
		}
		bad = append(bad, sub)
		return sub
	})
	if len(bad) > 0 {
		return "", fmt.Errorf("%q: lit substitution %s has no counterpart in a case (known: %%PYTHON, %%{python}, %%s)", run, bad[0])
	}
	return text, nil
}

// A litLine is a RUN: command with lit's prefixes read off it.
type litLine struct {
	words []string // the command itself
	neg   bool     // `not`: the command must fail
	crash bool     // `not --crash`: it must crash
	vars  []string // `env A=1 B=2`: for this line only
}

// litPrefixes reads `not`, `not --crash` and `env A=1` off the front of
// words, the RUN: command run.
func litPrefixes(run string, words []string) (litLine, error) {
	var l litLine
	for len(words) > 0 {
		switch words[0] {
		case "not":
			if l.neg || l.crash {
				return litLine{}, fmt.Errorf("%q negates twice; write the case by hand", run)
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
					return litLine{}, fmt.Errorf("%q: lit's `env -u %s` removes %s for this line; a case's script starts from a controlled environment where %s is unset unless the case sets it, so drop `-u %s`, or write the case by hand", run, v, v, v, v)
				}
				return litLine{}, fmt.Errorf("%q: env option %s has no counterpart in a case's script; write the case by hand", run, words[0])
			}
			for len(words) > 0 && strings.Contains(words[0], "=") {
				l.vars, words = append(l.vars, words[0]), words[1:]
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
	cmd := strings.Join(l.words, " ")
	if l.neg {
		cmd = "! " + cmd
	}
	r.lines = append(r.lines, cmd)
	if len(l.vars) > 0 {
		var unset []string
		for _, kv := range l.vars {
			k, _, _ := strings.Cut(kv, "=")
			unset = append(unset, k+"=")
		}
		r.lines = append(r.lines, "env "+strings.Join(unset, " "))
	}
	return r
}

// litSystemRE finds LLVM's system-darwin, system-linux and
// system-windows, which name what cleanexit calls darwin, linux, windows.
var litSystemRE = lazyregexp.New(`\bsystem-(darwin|linux|windows)\b`)

// litFeatures splits a REQUIRES:/UNSUPPORTED:/XFAIL: list into feature
// expressions, rejecting names a case would not know.
func litFeatures(kw, body string) ([]string, error) {
	var out []string
	for _, item := range strings.Split(body, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if item == "*" {
			if kw != "XFAIL" {
				return nil, fmt.Errorf("\"*\" is only meaningful in XFAIL")
			}
			out = append(out, item)
			continue
		}
		if strings.Contains(item, "target=") || strings.Contains(item, "{{") {
			return nil, fmt.Errorf("%q matches lit's target triple with a regular expression, which cleanexit has no counterpart for; name the OS and arch as features instead (for example `linux && arm64` for aarch64-unknown-linux-gnu)", item)
		}
		item = litSystemRE.ReplaceAllString(item, "$1")
		e, err := feature.Parse(item)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", item, err)
		}
		for _, n := range e.Names() {
			if !feature.Known(n) {
				msg := fmt.Sprintf("lit feature %q has no counterpart in cleanexit", n)
				if sug := feature.Suggest(n); sug != "" {
					msg += fmt.Sprintf(" (did you mean %s?)", sug)
				}
				return nil, fmt.Errorf("%s; see the Features section of runner/cases for the names a case may use", msg)
			}
		}
		out = append(out, item)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("names no feature")
	}
	return out, nil
}
