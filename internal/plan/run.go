package plan

import (
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

// A Run is one (case, variant, interpreter) to execute on this host.
type Run struct {
	ID      string // project/case/variant/python
	Case    *cases.Case
	Variant *cases.Variant
	Interp  *toolchains.Interpreter // nil when no interpreter matched
	Python  string                  // the interpreter part of the ID: "3.12", "3.13t", "3.11.7"

	// Unsupported is why the run cannot happen here, or "".
	Unsupported string
	// XFail is the expression that made the run expected to fail, or "".
	XFail string

	Packages []string // canonical requirement strings, local paths absolute
	// Override names the builds --override put in Packages instead of
	// the case's pins ("mlx 0.33.0 (override: dist/mlx-0.33.0….whl)").
	Override     string
	Index        cases.Index
	needsNetwork bool // its packages can only come from a remote index or URL

	// AskIndex says that the run's environment is not built and can only
	// come from a remote index or URL, and that the planner left it to
	// the builder to ask whether the index answers (Config.DeferIndex):
	// asked only when the build fails or runs long, the question costs a
	// build from a warm cache nothing. OfflineIndex says what to install
	// from when it does not answer.
	AskIndex bool

	// Backtrace is when its python runs are repeated under the debugger,
	// as the variant or corpus.yaml says: off, crash, always, or "" for
	// the runner's default.
	Backtrace string
}

// OfflineIndex is, for a run that asks the index (AskIndex), its index
// with no index, only its find-links folders, when those alone hold every
// package; nil when they do not, or when the run asks no index. It reads
// the folders, so it is asked only once the index is known silent.
func (r *Run) OfflineIndex() *cases.Index {
	if !r.AskIndex {
		return nil
	}
	return offlineIndex(r.Variant, r.Index)
}

// Skipped reports whether the run is UNSUPPORTED here.
func (r *Run) Skipped() bool { return r.Unsupported != "" }

// onPython reports whether the run's interpreter is the one a user named:
// the ID's interpreter part ("3.13t"), a full version ("3.12.1"), or a
// version prefix ("3.12").
func (r *Run) onPython(want string) bool {
	if r.Python == want {
		return true
	}
	if r.Interp == nil {
		return false
	}
	return r.Interp.Version == want || strings.HasPrefix(r.Interp.Version, want+".")
}
