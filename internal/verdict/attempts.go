package verdict

import (
	"fmt"

	"github.com/cleanexit/cleanexit/runner/result"
)

// A Try is what one run of a script showed, as far as the verdict cares.
type Try struct {
	Passed      bool
	TimedOut    bool
	Unsupported bool // the host lacks what the script needs: the run proves nothing
	Unresolved  bool // the script passed without running python: it judged nothing
}

// Attempts is what running a script repeat times, with retries after each
// failure, showed.
type Attempts struct {
	Repeat    int // rounds asked for
	Rounds    int // rounds finished: a round is one try and its retries
	Made      int // tries made, retries included
	Failures  int // tries that failed
	AnyFailed bool
	Flaky     bool // a retry passed after a failure
	// Unsupported: the last try said the run cannot happen here; it was
	// the last one made.
	Unsupported bool
	// Unresolved: the last try judged nothing (see Try), and was the last
	// one made: the same script would not judge more on a retry.
	Unresolved bool
	// Decisive is the index (in the order made) of the try whose outcome
	// speaks for the run: the last try of the last round that failed (not
	// a failure a retry made up for); for a flaky pass, the last failure
	// it passed after, which is the news, not the clean exit that
	// followed; else the last try; -1 when none was made.
	Decisive int

	decisiveTimedOut bool
}

// Attempt tries a script repeat times (at least once); after each failure
// that is not a timeout it retries up to retries times, and a retry that
// passes makes the round pass (flaky). A run expected to fail (xfail, the
// condition that says so, not "") is never retried: its failure is what
// was declared, and a retry could only turn it into an XPASS that no try
// showed. It stops early when stopped says so (an interrupt), or when a
// try is unsupported.
func Attempt(repeat, retries int, xfail string, try func() Try, stopped func() bool) Attempts {
	if xfail != "" {
		retries = 0
	}
	a := Attempts{Repeat: max(repeat, 1), Decisive: -1}
	var lastFailed int // the last try of the last round that failed
	var lastTimedOut bool
	var lastRetried int // the last failure a retry made up for
	for a.Rounds < a.Repeat && !stopped() {
		out := try()
		a.Made++
		if out.Unresolved && a.AnyFailed {
			// A failure seen in an earlier round is news; a later try
			// that judged nothing does not take it back.
			a.Decisive, a.decisiveTimedOut = lastFailed, lastTimedOut
			return a
		}
		if out.Unsupported || out.Unresolved {
			a.Unsupported, a.Unresolved, a.Decisive = out.Unsupported, out.Unresolved, a.Made-1
			return a
		}
		at := a.Made - 1 // the try out is
		for r := 0; !out.Passed && r < retries && !out.TimedOut && !stopped(); r++ {
			next := try()
			a.Made++
			if next.Unresolved {
				break // a retry that judged nothing: the failure before it stands
			}
			a.Failures++
			lastRetried = at
			out, at = next, a.Made-1
			if out.Passed {
				a.Flaky = true
			}
		}
		if !out.Passed {
			a.Failures++
			a.AnyFailed = true
			lastFailed, lastTimedOut = at, out.TimedOut
		}
		a.Rounds++
		a.Decisive, a.decisiveTimedOut = at, out.TimedOut
	}
	switch {
	case a.AnyFailed:
		a.Decisive, a.decisiveTimedOut = lastFailed, lastTimedOut
	case a.Flaky:
		a.Decisive = lastRetried
	}
	return a
}

// Status is the run's verdict, and its one-line reason: reason is the
// decisive try's own diagnosis, xfail the condition that declares the run
// expected to fail ("" when none), interrupted whether the session was
// cancelled while or before the tries ran.
func (a Attempts) Status(xfail string, interrupted bool, reason string) (result.Status, string) {
	switch {
	case a.Unsupported:
		return result.Unsupported, reason
	case a.Unresolved:
		// Not a pass, and no xfail makes it one: nothing was judged.
		return result.Unresolved, reason
	}
	st, reason := a.status(xfail, interrupted, reason)
	if a.Repeat > 1 && a.AnyFailed {
		reason = fmt.Sprintf("failed %d/%d · %s", a.Failures, a.Made, reason)
	}
	return st, reason
}

func (a Attempts) status(xfail string, interrupted bool, reason string) (result.Status, string) {
	switch {
	case interrupted && (a.AnyFailed || a.Rounds < a.Repeat):
		// A run cut short says nothing: not a failure, not a pass.
		return result.Unresolved, "interrupted"
	case a.AnyFailed && xfail != "":
		// A declared failure that shows as a hang is still the declared
		// failure: the hang variant of a case proves the hang.
		return result.XFail, "expected to fail (xfail: " + xfail + "): " + reason
	case a.AnyFailed && a.decisiveTimedOut:
		return result.Timeout, reason
	case a.AnyFailed:
		return result.Fail, reason
	case xfail != "":
		return result.XPass, "passed, but expected to fail (xfail: " + xfail + ")"
	case a.Flaky:
		tries := "tries"
		if a.Failures == 1 {
			tries = "try"
		}
		return result.FlakyPass, fmt.Sprintf("passed after %d failed %s · %s", a.Failures, tries, reason)
	}
	return result.Pass, reason
}
