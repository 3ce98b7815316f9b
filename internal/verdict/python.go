package verdict

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// A PythonRun is one finished `python` command of a script, with what the
// judge needs to know about how it was asked to end.
type PythonRun struct {
	Variant *cases.Variant
	GOOS    string // the system it ran on: signal numbers differ
	Strict  bool   // --strict: warnings fail a clean exit, as `clean: strict` does
	Negated bool   // written `! python`: a non-zero exit by itself, no crash

	// TimedOut: the run did not end within Timeout, and was stopped.
	TimedOut bool
	Timeout  time.Duration

	Status     exitstatus.Status
	Signatures []diagnose.Signature // what stderr showed, all of it (diagnose.Stream)
	Stderr     string               // what was kept of stderr
	// StderrDropped is how many bytes of stderr's middle were not kept;
	// StderrMatched then says whether a line of the whole stream matched
	// the variant's single-line stderr pattern (diagnose.SingleLine).
	StderrDropped int64
	StderrMatched bool
	Native        *forensics.Native // the rerun under the debugger; nil when there was none
	// NoRerun says why Native is nil ("--backtrace off"), for a phase
	// that then cannot be judged.
	NoRerun string
}

// A Judgment is what the judge says of one python run.
type Judgment struct {
	// Problem says what is wrong, in the words reports use ("exit 134
	// (SIGABRT), want 0 · fatal-python-error: PyThreadState_Get"); ""
	// when the run ended as declared.
	Problem string
	// Unjudged says which part of the declaration the evidence could not
	// decide, and why ("phase finalization not judged: no symbols for
	// /usr/bin/python3.11: apt-get install python3.11-dbg"). A run with
	// no Problem and something Unjudged proves nothing: it is
	// UNSUPPORTED, as lit says of a missing feature.
	Unjudged string
}

// Python judges a finished python run.
func Python(p PythonRun) Judgment {
	if p.TimedOut {
		if p.Negated || !p.Variant.Exit.Timeout {
			return Judgment{Problem: ended(p)}
		}
		// The hang the variant declares: its stacks may still be
		// asked for by a stderr pattern.
		return stderrJudgment(p)
	}
	problem := pythonProblem(p)
	if problem != "" || p.Negated {
		return Judgment{Problem: problem}
	}
	j := stderrJudgment(p)
	crashed := p.Status.Crashed() || diagnose.AnyFatal(p.Signatures)
	if j.Problem != "" || !crashed {
		return j
	}
	phase := phaseJudgment(p.Variant.Phases, p.Status, p.Native, p.NoRerun)
	if phase.Problem != "" {
		return phase
	}
	j.Unjudged = cmp.Or(j.Unjudged, phase.Unjudged)
	return j
}

// ended is how the run ended, as reports say it: "exit 134 (SIGABRT)",
// "timed out after 5s" (the abort that dumped its stacks was ours).
func ended(p PythonRun) string {
	if p.TimedOut {
		return "timed out after " + p.Timeout.String()
	}
	return p.Status.String()
}

// stderrJudgment judges the variant's stderr pattern against the whole
// stream: the text kept where nothing was dropped, else line by line as
// it passed (a pattern that cannot span lines), else not at all.
func stderrJudgment(p PythonRun) Judgment {
	re := p.Variant.Stderr
	var matched bool
	switch {
	case re == nil:
		return Judgment{}
	case p.StderrDropped == 0:
		matched = re.MatchString(p.Stderr)
	case diagnose.SingleLine(re):
		matched = p.StderrMatched
	default:
		return Judgment{Unjudged: fmt.Sprintf("stderr pattern not judged: it may match across lines, and %d bytes of the middle of stderr were not kept", p.StderrDropped)}
	}
	if matched {
		return Judgment{}
	}
	s := ended(p) + fmt.Sprintf(", but stderr does not match %q", strings.TrimPrefix(re.String(), "(?m)"))
	if sig, ok := diagnose.Primary(p.Signatures); ok {
		s += " · " + sig.String()
	}
	return Judgment{Problem: s}
}

// pythonProblem is what is wrong with how a run that ended by itself
// ended, the stderr pattern and the phase left out, or "".
func pythonProblem(p PythonRun) string {
	fatal := diagnose.AnyFatal(p.Signatures)
	describe := func(want string) string {
		s := p.Status.String() + want
		if sig, ok := diagnose.Primary(p.Signatures); ok {
			s += " · " + sig.String()
		}
		return s
	}
	if p.Negated {
		return Not("python", p.Status, p.Signatures)
	}
	v := p.Variant
	if !v.Exit.Match(p.GOOS, p.Status, fatal) {
		return describe(", want " + v.Exit.String())
	}
	// An exit 0 that the list accepts as 0 (not as the crash a fatal
	// signature behind it is, for exit: [0, crash]) must be clean,
	// whatever else the list accepts.
	if p.Status == exitstatus.Exited(0) && v.Exit.AcceptsZero() && !(v.Exit.Crash && fatal) {
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
	return ""
}

// Not judges a command written with !, `! python` or `! exec`, as lit's
// `not`: it must end by itself with a non-zero status. A death by signal
// or a fatal error on stderr is the crash this corpus exists to catch, so
// it fails the line, never passes it; a case that expects a crash says
// `exit: crash` (lit's `not --crash`). It returns what is wrong, or "".
func Not(command string, status exitstatus.Status, signatures []diagnose.Signature) string {
	if !status.Crashed() && !diagnose.AnyFatal(signatures) && status != exitstatus.Exited(0) {
		return ""
	}
	s := status.String() + ", want a non-zero exit by itself (! " + command + ")"
	if sig, ok := diagnose.Primary(signatures); ok {
		s += " · " + sig.String()
	}
	return s
}

// StrictClean reports whether warnings (Exception ignored, processes left
// running) fail a clean run: the variant says `clean: strict`, or the
// session runs with --strict. Either alone is enough.
func StrictClean(v *cases.Variant, strict bool) bool {
	return strict || v.Clean == "strict"
}

// phaseJudgment judges a crash's phase: the variant names phases and
// the native stack shows another. A stack that cannot show one (no
// debugger here, a rerun that did not crash again, frames without
// symbols, no rerun at all) leaves the phase unjudged, never passed.
func phaseJudgment(want []forensics.Phase, status exitstatus.Status, n *forensics.Native, noRerun string) Judgment {
	if len(want) == 0 {
		return Judgment{}
	}
	names := make([]string, len(want))
	for i, p := range want {
		names[i] = string(p)
	}
	wanted := strings.Join(names, " or ")
	unjudged := func(why string) Judgment {
		return Judgment{Unjudged: "phase " + wanted + " not judged: " + why}
	}
	switch {
	case n == nil:
		return unjudged(cmp.Or(noRerun, "no rerun under the debugger"))
	case !n.Found():
		return unjudged(cmp.Or(n.Note, "the rerun showed no stack"))
	case n.Phase == forensics.Unknown:
		return unjudged(cmp.Or(n.PhaseReason, "the stack does not show the phase"))
	case slices.Contains(want, n.Phase):
		return Judgment{}
	}
	return Judgment{Problem: fmt.Sprintf("%s · %s, want phase %s", status, n.Summary(), wanted)}
}
