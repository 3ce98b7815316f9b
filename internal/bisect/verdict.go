package bisect

import (
	"github.com/cleanexit/cleanexit/runner/result"
)

// A Verdict is what one step of a bisection says about a version or commit.
type Verdict string

const (
	Good Verdict = "good" // passed the case's clean expectation
	Bad  Verdict = "bad"  // failed the way the known-bad variant declares
	Skip Verdict = "skip" // could not be judged: no environment, or another failure
)

// Exit statuses of `cleanexit run --bisect-exit`, in `git bisect run`'s
// convention. ExitAbort is for a run that judged nothing (bad flags, a case
// that does not load): git stops the bisection on any status of 128 or
// more, where a 2 would have marked the commit bad.
const (
	ExitGood  = 0
	ExitBad   = 1
	ExitSkip  = 125
	ExitAbort = 128
)

// ExitCode is the verdict in `git bisect run`'s convention: 0, 1 or 125.
func (v Verdict) ExitCode() int {
	switch v {
	case Good:
		return ExitGood
	case Bad:
		return ExitBad
	}
	return ExitSkip
}

// RunVerdict judges the results of one `cleanexit run` for `git bisect
// run`. Only runs that expect a clean exit count: a variant that expects the
// crash pins its own broken release, and says nothing about the commit under
// test. Of those, a run that failed (FAIL, TIMEOUT, and XFAIL too: the
// verdict is on the commit, not on the corpus) is evidence the commit is
// bad, and wins; a run whose environment could not be made cannot say, so
// the commit is skipped; passes (XPASS too) are good. When nothing ran at all (every run UNSUPPORTED,
// or none selected) the commit cannot be judged either.
//
// The child's own exit status never decides the code: a run that died of
// SIGSEGV is a FAIL here, and its 139 would abort git's bisection.
func RunVerdict(results []result.Result) Verdict {
	ran, unresolved := false, false
	for _, r := range results {
		if r.Expected != "" && r.Expected != "0" {
			continue
		}
		switch r.Status {
		case result.Fail, result.XFail, result.Timeout:
			return Bad // it failed, whether or not this host expects it to
		case result.Unresolved:
			unresolved = true
		case result.Pass, result.FlakyPass, result.XPass:
			ran = true // FLAKYPASS: a later try passed, as the case allows
		}
	}
	if unresolved || !ran {
		return Skip
	}
	return Good
}
