package verdict

import (
	"testing"

	"github.com/cleanexit/cleanexit/runner/result"
)

// Tries are written one letter each: p passed, f failed, t timed out,
// u unsupported, n judged nothing (passed without running python). A test also says after how many tries the session is
// interrupted (0: never).
func tries(t *testing.T, seq string) []Try {
	t.Helper()
	var out []Try
	for _, c := range seq {
		switch c {
		case 'p':
			out = append(out, Try{Passed: true})
		case 'f':
			out = append(out, Try{})
		case 't':
			out = append(out, Try{TimedOut: true})
		case 'u':
			out = append(out, Try{Unsupported: true})
		case 'n':
			out = append(out, Try{Passed: true, Unresolved: true})
		default:
			t.Fatalf("bad try %q", c)
		}
	}
	return out
}

func TestAttempts(t *testing.T) {
	tests := []struct {
		name            string
		repeat, retries int
		xfail           string
		seq             string // what each try shows, in order
		interruptAfter  int    // tries made before the session is interrupted; 0: never
		made, failures  int
		decisive        int
		status          result.Status
		reason          string
	}{
		{name: "one pass", seq: "p", made: 1, decisive: 0, status: result.Pass, reason: "diag"},
		{name: "repeat 0 means once", repeat: 0, seq: "pp", made: 1, decisive: 0, status: result.Pass, reason: "diag"},
		{name: "one failure", repeat: 1, seq: "f", made: 1, failures: 1, decisive: 0, status: result.Fail, reason: "diag"},
		{name: "a timeout", repeat: 1, seq: "t", made: 1, failures: 1, decisive: 0, status: result.Timeout, reason: "diag"},
		{name: "repeat 3, all pass", repeat: 3, seq: "ppp", made: 3, decisive: 2, status: result.Pass, reason: "diag"},
		{name: "repeat 3, the second fails", repeat: 3, seq: "pfp", made: 3, failures: 1, decisive: 1, status: result.Fail,
			reason: "failed 1/3 · diag"},
		{name: "repeat 3, a fail then a timeout: the last failure decides", repeat: 3, seq: "ftp", made: 3, failures: 2, decisive: 1,
			status: result.Timeout, reason: "failed 2/3 · diag"},
		{name: "repeat 3, a timeout then a fail", repeat: 3, seq: "tfp", made: 3, failures: 2, decisive: 1,
			status: result.Fail, reason: "failed 2/3 · diag"},
		{name: "retry passes: flaky, and the failure decides", retries: 2, seq: "fp", made: 2, failures: 1, decisive: 0, status: result.FlakyPass,
			reason: "passed after 1 failed try · diag"},
		{name: "two retries pass on the last", retries: 2, seq: "ffp", made: 3, failures: 2, decisive: 1, status: result.FlakyPass,
			reason: "passed after 2 failed tries · diag"},
		{name: "retries run out", retries: 2, seq: "fff", made: 3, failures: 3, decisive: 2, status: result.Fail, reason: "diag"},
		{name: "no retry after a pass", retries: 2, seq: "pf", made: 1, decisive: 0, status: result.Pass, reason: "diag"},
		{name: "no retry after a timeout", retries: 2, seq: "tp", made: 1, failures: 1, decisive: 0, status: result.Timeout, reason: "diag"},
		{name: "a retry that times out", retries: 1, seq: "ft", made: 2, failures: 2, decisive: 1, status: result.Timeout, reason: "diag"},
		{name: "repeat 2 retries 1: flaky round then failed round", repeat: 2, retries: 1, seq: "fpff", made: 4, failures: 3, decisive: 3,
			status: result.Fail, reason: "failed 3/4 · diag"},
		{name: "repeat 2 retries 1: failed round then flaky round", repeat: 2, retries: 1, seq: "fffp", made: 4, failures: 3, decisive: 1,
			status: result.Fail, reason: "failed 3/4 · diag"},
		{name: "repeat 2 retries 1: both rounds flaky", repeat: 2, retries: 1, seq: "fpfp", made: 4, failures: 2, decisive: 2,
			status: result.FlakyPass, reason: "passed after 2 failed tries · diag"},
		{name: "xfail, failed", xfail: "*", seq: "f", made: 1, failures: 1, decisive: 0, status: result.XFail,
			reason: "expected to fail (xfail: *): diag"},
		{name: "xfail, timed out: the declared hang", xfail: "linux", seq: "t", made: 1, failures: 1, decisive: 0, status: result.XFail,
			reason: "expected to fail (xfail: linux): diag"},
		{name: "xfail, passed: XPASS", xfail: "*", seq: "p", made: 1, decisive: 0, status: result.XPass,
			reason: "passed, but expected to fail (xfail: *)"},
		{name: "xfail: a failure is not retried into XPASS", xfail: "*", retries: 1, seq: "fp", made: 1, failures: 1, decisive: 0, status: result.XFail,
			reason: "expected to fail (xfail: *): diag"},
		{name: "xfail, repeat 2 retries 2: each failure stands", xfail: "*", repeat: 2, retries: 2, seq: "fp", made: 2, failures: 1, decisive: 0,
			status: result.XFail, reason: "failed 1/2 · expected to fail (xfail: *): diag"},
		{name: "xfail, repeat 3, one failure is enough", xfail: "*", repeat: 3, seq: "pfp", made: 3, failures: 1, decisive: 1, status: result.XFail,
			reason: "failed 1/3 · expected to fail (xfail: *): diag"},
		{name: "unsupported stops at once", repeat: 3, seq: "puu", made: 2, decisive: 1, status: result.Unsupported, reason: "diag"},
		{name: "unsupported after a failed round", repeat: 3, seq: "fu", made: 2, failures: 1, decisive: 1, status: result.Unsupported, reason: "diag"},
		{name: "judged nothing: unresolved, not a pass", seq: "n", made: 1, decisive: 0, status: result.Unresolved, reason: "diag"},
		{name: "judged nothing stops repeats and retries", repeat: 3, retries: 2, seq: "nnn", made: 1, decisive: 0,
			status: result.Unresolved, reason: "diag"},
		{name: "judged nothing under xfail: not an XFAIL", xfail: "*", seq: "n", made: 1, decisive: 0, status: result.Unresolved,
			reason: "diag"},
		{name: "a retry that judged nothing: the failure stands, no flaky pass", retries: 2, seq: "fn", made: 2, failures: 1, decisive: 0,
			status: result.Fail, reason: "diag"},
		{name: "repeat 2: a retry judged nothing, the next round passed", repeat: 2, retries: 1, seq: "fnp", made: 3, failures: 1, decisive: 0,
			status: result.Fail, reason: "failed 1/3 · diag"},
		{name: "judged nothing after a failed round: the failure stands", repeat: 3, seq: "fn", made: 2, failures: 1, decisive: 0,
			status: result.Fail, reason: "failed 1/2 · diag"},
		{name: "interrupted before any try", repeat: 1, seq: "p", interruptAfter: -1, made: 0, decisive: -1, status: result.Unresolved,
			reason: "interrupted"},
		{name: "interrupted after a failure", repeat: 3, seq: "fpp", interruptAfter: 1, made: 1, failures: 1, decisive: 0,
			status: result.Unresolved, reason: "failed 1/1 · interrupted"},
		{name: "interrupted between repeats", repeat: 3, seq: "ppp", interruptAfter: 2, made: 2, decisive: 1, status: result.Unresolved,
			reason: "interrupted"},
		{name: "interrupted after the last repeat: the run is whole", repeat: 2, seq: "pp", interruptAfter: 2, made: 2, decisive: 1,
			status: result.Pass, reason: "diag"},
		{name: "interrupted after a flaky first round of two", repeat: 2, retries: 2, seq: "ffpp", interruptAfter: 3, made: 3,
			failures: 2, decisive: 1, status: result.Unresolved, reason: "interrupted"},
		{name: "interrupted before a retry", retries: 2, seq: "fp", interruptAfter: 1, made: 1, failures: 1, decisive: 0,
			status: result.Unresolved, reason: "interrupted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq := tries(t, tt.seq)
			made := 0
			a := Attempt(tt.repeat, tt.retries, tt.xfail, func() Try {
				if made >= len(seq) {
					t.Fatalf("try %d made; the table has %d", made+1, len(seq))
				}
				made++
				return seq[made-1]
			}, func() bool { return tt.interruptAfter != 0 && made >= max(tt.interruptAfter, 0) })
			if a.Made != made {
				t.Errorf("Made = %d, but %d tries were made", a.Made, made)
			}
			if a.Made != tt.made || a.Failures != tt.failures || a.Decisive != tt.decisive {
				t.Errorf("made %d, failures %d, decisive %d; want %d, %d, %d", a.Made, a.Failures, a.Decisive, tt.made, tt.failures, tt.decisive)
			}
			st, reason := a.Status(tt.xfail, tt.interruptAfter != 0, "diag")
			if st != tt.status || reason != tt.reason {
				t.Errorf("Status = %s %q, want %s %q", st, reason, tt.status, tt.reason)
			}
		})
	}
}
