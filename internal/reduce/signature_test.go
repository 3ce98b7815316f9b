package reduce

import (
	"context"
	"strings"
	"testing"
)

// A candidate that aborts the same way but without the fatal error line has
// another stderr signature, and is not interesting: the reduction keeps the
// line that writes it.
func TestReduceKeepsTheStderrSignature(t *testing.T) {
	s := openCase(t, "abort-signature.txtar")
	tg := target(t, s, TargetOptions{})
	if tg.Want.Exit != "SIGABRT" || tg.Want.Signature != "fatal-python-error: PyThreadState_Get" {
		t.Fatalf("the original's fingerprint is %s, want SIGABRT · fatal-python-error: PyThreadState_Get", tg.Want)
	}
	red, err := Reduce(context.Background(), tg, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	got := red.Files[0].Reduced
	t.Logf("%d tests:\n%s", red.Tests, got)
	if !strings.Contains(got, `sys.stderr.write("Fatal Python error: PyThreadState_Get`) {
		t.Errorf("the reduction dropped the line the signature comes from:\n%s", got)
	}
	if strings.Contains(got, "noise") {
		t.Errorf("the noise is still there:\n%s", got)
	}
	rejudge(t, tg, red)
	checkWritten(t, tg, red)
}
