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

// Failed reports whether the status makes a run of the corpus fail.
func (s Status) Failed() bool {
	switch s {
	case Fail, XPass, Unresolved, Timeout:
		return true
	}
	return false
}
