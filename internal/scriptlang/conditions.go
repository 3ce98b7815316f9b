package scriptlang

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/runner/feature"
)

// Conditions are exactly cleanexit's feature vocabulary (package feature):
// the same names case.yaml's requires, unsupported and xfail use, answered
// by the same probes. testscript answers some conditions itself before
// asking cleanexit; those outside the vocabulary are refused here, each
// with what to write instead, so that a case never depends on a
// condition cleanexit does not own. ([short] even panics outside go test.)
var testscriptOnly = map[string]string{
	"short":   "[short] asks whether go test runs with -short, which a cleanexit run never is; drop the line, or give the case a variant",
	"net":     "[net] is testscript's; cleanexit's condition is [network]",
	"gc":      "[gc] names the Go compiler that built cleanexit, which says nothing about the case; drop it",
	"gccgo":   "[gccgo] names the Go compiler that built cleanexit, which says nothing about the case; drop it",
	"root":    "[root] is cmd/go's, not a cleanexit condition; drop it",
	"link":    "[link] is testscript's, not a cleanexit condition; every host cleanexit runs on links files",
	"symlink": "[symlink] is testscript's, not a cleanexit condition; every host cleanexit runs on makes symbolic links",
	"unix":    "[unix] is testscript's, not a cleanexit condition; write [!windows], or [linux] / [darwin]",
}

// conditionProblem says why name may not be a condition, or "".
func ConditionProblem(name string) string {
	switch {
	case name == "":
		return "empty condition []: write [name] with a feature name (" + strings.Join(feature.Vocabulary(), ", ") + ")"
	case feature.Known(name):
		return ""
	case testscriptOnly[name] != "":
		return "condition " + testscriptOnly[name]
	case strings.HasPrefix(name, "exec:"):
		return fmt.Sprintf("condition [%s] is testscript's, not a cleanexit condition: for a compiler write [cc]; for another program, exec it and let the line fail", name)
	case strings.HasPrefix(name, "go1."):
		return fmt.Sprintf("condition [%s] names a Go release, which says nothing about the case; for an interpreter write [python3.N]", name)
	}
	msg := fmt.Sprintf("unknown condition [%s]", name)
	if sug := feature.Suggest(name); sug != "" {
		return msg + fmt.Sprintf(" (did you mean [%s]?)", sug)
	}
	return msg + " (conditions: " + strings.Join(feature.Vocabulary(), ", ") + ")"
}
