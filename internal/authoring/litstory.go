package authoring

import (
	"fmt"
	"sort"
	"time"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// importStory is the opening comment of an imported lit test's case: its
// summary, where it came from, and each way the case runs it differently
// from lit, so that a reader of the case never has to guess.
func (d *Draft) importStory() []string {
	story := []string{
		d.summary,
		"",
		fmt.Sprintf("Imported from the lit test %s by `cleanexit import`: its RUN:", d.importedFrom),
		"lines are the script, REQUIRES:, UNSUPPORTED:, XFAIL: and ALLOW_RETRIES:",
		"the keys below (docs/lit.md).",
		fmt.Sprintf("lit runs a test with no time limit; each command here runs under cleanexit's %d s", int(cases.DefaultTimeout/time.Second)),
		"default (timeout: in case.yaml changes it).",
	}
	for _, name := range sortedKeys(d.moduleAlias) {
		story = append(story, fmt.Sprintf("The test imports %s, which the package under test installs as %s:", name, d.moduleAlias[name]),
			"module-alias has the runner map one to the other; the test is unedited.")
	}
	for _, n := range d.notes {
		story = append(story, "Also: "+n+".")
	}
	return story
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
