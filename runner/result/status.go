package result

// A Status is the verdict on one run.
type Status string

const (
	Pass        Status = "PASS"        // ran and met its expectation
	Fail        Status = "FAIL"        // ran and did not
	XFail       Status = "XFAIL"       // failed, and was expected to (xfail)
	XPass       Status = "XPASS"       // passed, but was expected to fail
	Unsupported Status = "UNSUPPORTED" // cannot run here: a requirement, an interpreter, the network
	Unresolved  Status = "UNRESOLVED"  // its environment could not be made
	Timeout     Status = "TIMEOUT"     // a python run outlived the case's timeout
	FlakyPass   Status = "FLAKYPASS"   // passed only on a retry
)

// Statuses lists every status in report order.
var Statuses = []Status{Pass, FlakyPass, XFail, Unsupported, Fail, XPass, Unresolved, Timeout}

// byGravity ranks statuses from the least to the most alarming, for the
// "worst" of a run across hosts: a crash (FAIL) above a hang, a hang above
// an unexpected pass, any of them above a run that could not be judged,
// and a pass only on retry above a clean pass. UNSUPPORTED, which says
// nothing about the code, ranks below PASS.
var byGravity = []Status{Unsupported, Pass, XFail, FlakyPass, Unresolved, XPass, Timeout, Fail}

// Gravity is the status's rank in byGravity: higher is worse; -1 for a
// status that is not one.
func (s Status) Gravity() int {
	for i, g := range byGravity {
		if g == s {
			return i
		}
	}
	return -1
}

// Failed reports whether the status makes a run of the corpus fail.
func (s Status) Failed() bool {
	switch s {
	case Fail, XPass, Unresolved, Timeout:
		return true
	}
	return false
}

// Met reports whether the run did what its variant declares: it passed,
// passed on a retry, or failed as its xfail expects. This is the one
// spelling of that set; prove and its summary ask it.
func (s Status) Met() bool {
	switch s {
	case Pass, FlakyPass, XFail:
		return true
	}
	return false
}
