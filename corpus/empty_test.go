package corpus_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCorpusSelectingNothingFails runs TestCorpus in a child with a filter
// that matches no run: as `cleanexit run` exits 2 for it, go test fails,
// saying what emptied the selection, unless CLEANEXIT_ALLOW_EMPTY says a
// green "0 runs" is wanted.
func TestCorpusSelectingNothingFails(t *testing.T) {
	if os.Getenv("CLEANEXIT_FILTER") == "no-run-has-this-id" {
		t.Skip("the child's own run of this test")
	}
	for _, allow := range []string{"", "1"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCorpus$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CLEANEXIT_FILTER=no-run-has-this-id", "CLEANEXIT_ALLOW_EMPTY="+allow)
		out, err := cmd.CombinedOutput()
		switch {
		case allow == "" && (err == nil || !strings.Contains(string(out), `no run to do: --filter "no-run-has-this-id" matches none`)):
			t.Errorf("a filter that matches no run: err %v, want a failure that says so:\n%s", err, out)
		case allow != "" && err != nil:
			t.Errorf("with CLEANEXIT_ALLOW_EMPTY=1: %v\n%s", err, out)
		}
	}
}
