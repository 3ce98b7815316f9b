package authoring

import "github.com/cleanexit/cleanexit/runner/cases"

// runsPythonRule holds a case to running python: its variants' exit judges
// the script's python commands, and a script with none would run and
// judge nothing, every run of it UNRESOLVED (see internal/script). A python
// line under a condition counts: where the condition is false, the run
// says so itself.
func runsPythonRule(c *cases.Case, _ []byte) cases.ErrorList {
	if c.ImplicitScript() != "" {
		return nil
	}
	for _, l := range c.Commands().Lines {
		if l.Name == "python" {
			return nil
		}
	}
	return cases.ErrorList{{File: c.File, Line: c.ScriptLine,
		Msg: "the script runs no python command, so nothing would judge its variants' exit and every run would be UNRESOLVED (run the repro with `python FILE`)"}}
}
