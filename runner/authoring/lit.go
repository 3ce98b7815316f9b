package authoring

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/feature"
	"github.com/rogpeppe/go-internal/txtar"
)

// litDirectiveRE matches a lit directive in a Python comment.
var litDirectiveRE = regexp.MustCompile(`^\s*#\s*(RUN|REQUIRES|UNSUPPORTED|XFAIL|REQUIRES-ANY|ALLOW_RETRIES|END\.)\s*:(.*)$`)

// litSubstitutionRE finds lit substitutions: %name, %{name} and %%.
var litSubstitutionRE = regexp.MustCompile(`%(%|\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)`)

// ImportLit turns an upstream lit test into a draft case. The file is kept
// verbatim, RUN: lines are translated into the script (%PYTHON is python,
// %s the file, lit's `not` is testscript's `!`), and REQUIRES:,
// UNSUPPORTED: and XFAIL: become requires, unsupported and xfail. A test
// whose only RUN: line is `%PYTHON %s` gets no script at all: a case with
// one .py file and no commands runs it, so the upstream test is the case.
//
// What cannot be carried over faithfully is refused, naming the line, not
// dropped: a FileCheck pipeline (its checks would be lost and the case
// would pass on output FileCheck rejects), other pipes and redirections,
// commands other than python, unknown substitutions and feature names.
func ImportLit(file string, src []byte) (*Draft, error) {
	name := filepath.Base(file)
	d := &Draft{Files: []txtar.File{{Name: name, Data: src}}}
	var errs cases.ErrorList
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &cases.Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	var run string // a RUN: command being continued with a trailing backslash
	runLine := 0
	var runs []string
	for i, l := range strings.Split(string(src), "\n") {
		n := i + 1
		m := litDirectiveRE.FindStringSubmatch(strings.TrimRight(l, "\r"))
		if m == nil {
			continue
		}
		kw, body := m[1], strings.TrimSpace(m[2])
		switch kw {
		case "RUN":
			if run == "" {
				runLine = n
			}
			if cont, ok := strings.CutSuffix(body, `\`); ok {
				run += strings.TrimSpace(cont) + " "
				continue
			}
			run += body
			if cmds, err := litCommand(run, name); err != nil {
				fail(runLine, "RUN: %v", err)
			} else {
				runs = append(runs, cmds...)
			}
			run = ""
		case "REQUIRES", "UNSUPPORTED", "XFAIL":
			exprs, err := litFeatures(kw, body)
			if err != nil {
				fail(n, "%s: %v", kw, err)
				continue
			}
			switch kw {
			case "REQUIRES":
				d.Requires = append(d.Requires, exprs...)
			case "UNSUPPORTED":
				d.Unsupported = append(d.Unsupported, exprs...)
			case "XFAIL":
				d.XFail = append(d.XFail, exprs...)
			}
		default:
			fail(n, "%s: is a lit directive cleanexit has no counterpart for; remove it, or write the case by hand", kw)
		}
	}
	if run != "" {
		fail(runLine, "RUN: ends with a backslash but no RUN: line continues it")
	}
	if len(runs) == 0 && len(errs) == 0 {
		fail(0, "no RUN: line (want a lit test such as `# RUN: %%PYTHON %%s`); for a plain repro use cleanexit new --from")
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if !(len(runs) == 1 && runs[0] == "python "+name) {
		d.Commands = runs
	}
	return d, nil
}

// litCommand translates one RUN: command into script lines.
func litCommand(run, name string) ([]string, error) {
	if strings.Contains(run, "FileCheck") {
		return nil, fmt.Errorf("%q pipes into FileCheck, which a case cannot run; rewrite its CHECK lines as `stdout` assertions in the case's script, then import the test without the pipeline", run)
	}
	for _, op := range []string{"|", "&&", ";", ">", "<", "`", "$("} {
		if strings.Contains(run, op) {
			return nil, fmt.Errorf("%q uses the shell (%s), which a case's script does not have; write the script by hand", run, op)
		}
	}
	var bad []string
	text := litSubstitutionRE.ReplaceAllStringFunc(run, func(sub string) string {
		switch sub {
		case "%%":
			return "%"
		case "%PYTHON", "%{PYTHON}", "%python":
			return "python"
		case "%s", "%{s}":
			return name
		}
		bad = append(bad, sub)
		return sub
	})
	if len(bad) > 0 {
		return nil, fmt.Errorf("%q: lit substitution %s has no counterpart in a case (known: %%PYTHON, %%s)", run, bad[0])
	}
	words := strings.Fields(text)
	var out []string
	neg := ""
	if len(words) > 0 && words[0] == "not" {
		neg, words = "! ", words[1:]
	}
	if len(words) > 0 && words[0] == "env" {
		words = words[1:]
		var vars []string
		for len(words) > 0 && strings.Contains(words[0], "=") {
			vars, words = append(vars, words[0]), words[1:]
		}
		if len(vars) > 0 {
			out = append(out, "env "+strings.Join(vars, " "))
		}
	}
	if len(words) == 0 || words[0] != "python" {
		return nil, fmt.Errorf("%q runs %s; a case runs python (use %%PYTHON)", run, strings.Join(words[:min(1, len(words))], ""))
	}
	return append(out, neg+strings.Join(words, " ")), nil
}

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
