package cases

import (
	"fmt"
	"path"
	"strings"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
)

// Commands returns the command lines of the case's script, read by the
// one parser of the script language. A loaded case's script has no bad
// lines; on one that was not loaded, bad lines are left out.
func (c *Case) Commands() *scriptlang.Script {
	s, _ := c.Parsed()
	return s
}

// Parsed returns the case's script parsed, with the lines the parser
// refused: parsed once, when the case was loaded, however often its runs
// ask; a case that was not loaded, or whose Script changed since, is
// parsed again.
func (c *Case) Parsed() (*scriptlang.Script, []*scriptlang.Error) {
	if c.parsed != nil && c.parsedFrom == c.Script {
		return c.parsed, c.parseErrs
	}
	return scriptlang.Parse(c.Script, c.ScriptLine)
}

// ImplicitScript returns the script a case with no commands runs: `python
// FILE` for its one .py file, as lit's `RUN: %PYTHON %s`. It returns ""
// when the case has commands of its own.
func (c *Case) ImplicitScript() string {
	if len(c.Commands().Lines) > 0 {
		return ""
	}
	for _, f := range c.Files {
		if path.Ext(f.Name) == ".py" {
			return "python " + f.Name + "\n"
		}
	}
	return ""
}

// EnvNames returns the variables the script sets with `env NAME=value`,
// so that commands the runner adds can pass them on.
func (c *Case) EnvNames() []string { return c.Commands().EnvNames() }

// checkScript validates what can be known about the script before running
// it: every line is one testscript will start (a known command, its
// arguments, conditions from the feature vocabulary), and a case with no
// commands has exactly one .py file to run.
func (d *decoder) checkScript(c *Case) {
	s, errs := scriptlang.Parse(c.Script, c.ScriptLine)
	for _, e := range errs {
		d.errs = append(d.errs, &Error{File: d.file, Line: e.Line, Msg: e.Msg})
	}
	c.parsed, c.parseErrs, c.parsedFrom = s, errs, c.Script
	if len(s.Lines) > 0 || len(errs) > 0 {
		return
	}
	var py []string
	for _, f := range c.Files {
		if path.Ext(f.Name) == ".py" {
			py = append(py, f.Name)
		}
	}
	if len(py) != 1 {
		d.errs = append(d.errs, &Error{File: d.file, Line: 1, Msg: fmt.Sprintf(
			"the script is empty, so the case must hold exactly one .py file to run, but it holds %d%s; write the commands (e.g. \"python repro.py\") at the top of the file",
			len(py), listOrEmpty(py))})
	}
}

func listOrEmpty(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return " (" + strings.Join(names, ", ") + ")"
}
