package plan

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// Pick is the one run of case c's variant v on the interpreter a user
// named (python, as Run.onPython reads it; "" when only one interpreter
// runs it), for the commands that repeat a single run: bisect and reduce.
// Its errors say what to change: --python when none or several match,
// --filter when nothing runs, and why the run is UNSUPPORTED here.
func Pick(runs []*Run, c *cases.Case, v *cases.Variant, python string) (*Run, error) {
	var matched []*Run
	var labels []string
	for _, r := range runs {
		if r.Variant != v {
			continue
		}
		labels = append(labels, r.Python)
		if python != "" && !r.onPython(python) {
			continue
		}
		matched = append(matched, r)
	}
	switch {
	case len(matched) == 0 && python != "":
		if len(labels) == 0 {
			labels = []string{"none"}
		}
		return nil, fmt.Errorf("%s/%s: no run on python %s here (runs: %s)", c.ID(), v.Name, python, strings.Join(labels, ", "))
	case len(matched) == 0:
		return nil, fmt.Errorf("%s/%s: no run here (check --filter)", c.ID(), v.Name)
	case len(matched) > 1:
		var several []string
		for _, r := range matched {
			several = append(several, r.Python)
		}
		return nil, fmt.Errorf("%s/%s runs on several interpreters here (%s): pick one with --python", c.ID(), v.Name, strings.Join(several, ", "))
	}
	if matched[0].Skipped() {
		return nil, fmt.Errorf("%s is UNSUPPORTED here: %s", matched[0].ID, matched[0].Unsupported)
	}
	return matched[0], nil
}
