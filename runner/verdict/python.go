package verdict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/diagnose"
	"github.com/cleanexit/cleanexit/runner/exitstatus"
	"github.com/cleanexit/cleanexit/runner/forensics"
)

// A PythonRun is one finished `python` command of a script, with what the
// judge needs to know about how it was asked to end.
type PythonRun struct {
	Variant *cases.Variant
	GOOS    string // the system it ran on: signal numbers differ
	Strict  bool   // --strict: warnings fail a clean exit, as `clean: strict` does
	Negated bool   // written `! python`: a non-zero exit by itself, no crash

	Status     exitstatus.Status
	Signatures []diagnose.Signature // what stderr showed
	Stderr     string
	Native     *forensics.Native // the rerun under the debugger; nil when there was none
}

// Python says what is wrong with a finished python run, in the words
// reports use ("exit 134 (SIGABRT), want 0 · fatal-python-error:
// PyThreadState_Get"), or "" when it ended as declared.
func Python(p PythonRun) string {
	fatal := diagnose.AnyFatal(p.Signatures)
	describe := func(want string) string {
		s := p.Status.String() + want
		if sig, ok := diagnose.Primary(p.Signatures); ok {
			s += " · " + sig.String()
		}
		return s
	}
	if p.Negated {
		// `! python` is lit's `not`: the interpreter ended by itself with
		// a non-zero status. A death by signal or a fatal error on stderr
		// is the crash this corpus exists to catch, so it fails the line,
		// never passes it; a case that expects a crash says `exit: crash`
		// (lit's `not --crash`).
		if p.Status.Crashed() || fatal || p.Status == exitstatus.Exited(0) {
			return describe(", want a non-zero exit by itself (! python)")
		}
		return ""
	}
	v := p.Variant
	if !v.Exit.Match(p.GOOS, p.Status, fatal) {
		return describe(", want " + v.Exit.String())
	}
	if v.Exit.Clean() {
		// A clean exit whose stderr says `Fatal Python error` is the very
		// bug this tool exists to see: the status alone lies.
		if fatal {
			return describe(", want a clean exit")
		}
		if StrictClean(v, p.Strict) {
			for _, s := range p.Signatures {
				if !s.Fatal {
					return fmt.Sprintf("%s · %s at stderr line %d, want a clean exit (clean: strict)", p.Status, s, s.Line)
				}
			}
		}
	}
	if v.Stderr != nil && !v.Stderr.MatchString(p.Stderr) {
		return describe(fmt.Sprintf(", but stderr does not match %q", strings.TrimPrefix(v.Stderr.String(), "(?m)")))
	}
	if !v.Exit.Clean() {
		return phaseProblem(v.Phases, p.Status, p.Native)
	}
	return ""
}

// StrictClean reports whether warnings (Exception ignored, processes left
// running) fail a clean run: the variant says `clean: strict`, or the
// session runs with --strict. Either alone is enough.
func StrictClean(v *cases.Variant, strict bool) bool {
	return strict || v.Clean == "strict"
}

// phaseProblem says what is wrong with a crash's phase, or "": the
// variant names phases and the native stack shows another. Without a
// stack (no debugger here, a rerun that did not crash again) the phase
// cannot be read, and the run is judged as if no phase were named: the
// result's backtrace note says why.
func phaseProblem(want []forensics.Phase, status exitstatus.Status, n *forensics.Native) string {
	if len(want) == 0 || !n.Found() {
		return ""
	}
	if slices.Contains(want, n.Phase) {
		return ""
	}
	names := make([]string, len(want))
	for i, p := range want {
		names[i] = string(p)
	}
	return fmt.Sprintf("%s · %s, want phase %s", status, n.Summary(), strings.Join(names, " or "))
}
