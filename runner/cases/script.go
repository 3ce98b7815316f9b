package cases

import (
	"fmt"
	"path"
	"strings"

	"github.com/cleanexit/cleanexit/runner/feature"
)

// testscriptConditions are the conditions testscript itself answers.
var testscriptConditions = []string{"short", "net", "link", "symlink", "gc", "gccgo", "unix"}

// ScriptLines returns the lines of the script that hold commands, with
// their 1-based line numbers: not blank, not a # comment.
func (c *Case) ScriptLines() (lines []string, numbers []int) {
	for i, l := range strings.Split(c.Script, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		lines = append(lines, t)
		numbers = append(numbers, c.ScriptLine+i)
	}
	return lines, numbers
}

// ImplicitScript returns the script a case with no commands runs: `python
// FILE` for its one .py file, as lit's `RUN: %PYTHON %s`. It returns ""
// when the case has commands of its own.
func (c *Case) ImplicitScript() string {
	if lines, _ := c.ScriptLines(); len(lines) > 0 {
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
func (c *Case) EnvNames() []string {
	var names []string
	lines, _ := c.ScriptLines()
	for _, l := range lines {
		fields := strings.Fields(stripConditions(l))
		if len(fields) < 2 || fields[0] != "env" {
			continue
		}
		for _, kv := range fields[1:] {
			if k, _, ok := strings.Cut(kv, "="); ok {
				names = append(names, k)
			}
		}
	}
	return names
}

func stripConditions(line string) string {
	for strings.HasPrefix(line, "[") {
		end := strings.Index(line, "]")
		if end < 0 {
			return line
		}
		line = strings.TrimSpace(line[end+1:])
	}
	return line
}

// checkScript validates what can be known about the script before running
// it: its [conditions] name known features, and a case with no commands
// has exactly one .py file to run.
func (d *decoder) checkScript(c *Case) {
	lines, numbers := c.ScriptLines()
	if len(lines) == 0 {
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
		return
	}
	for i, l := range lines {
		for strings.HasPrefix(l, "[") {
			end := strings.Index(l, "]")
			if end < 0 {
				d.errs = append(d.errs, &Error{File: d.file, Line: numbers[i], Msg: "unterminated [condition]"})
				break
			}
			cond := strings.TrimSpace(l[1:end])
			cond = strings.TrimSpace(strings.TrimPrefix(cond, "!"))
			if !knownCondition(cond) {
				msg := fmt.Sprintf("unknown condition [%s]", cond)
				if sug := feature.Suggest(cond); sug != "" {
					msg += fmt.Sprintf(" (did you mean [%s]?)", sug)
				}
				d.errs = append(d.errs, &Error{File: d.file, Line: numbers[i], Msg: msg})
			}
			l = strings.TrimSpace(l[end+1:])
		}
	}
}

func knownCondition(cond string) bool {
	if feature.Known(cond) || contains(testscriptConditions, cond) {
		return true
	}
	return strings.HasPrefix(cond, "exec:") || strings.HasPrefix(cond, "go1.")
}

func listOrEmpty(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return " (" + strings.Join(names, ", ") + ")"
}
