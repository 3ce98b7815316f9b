package corpus_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A go test -timeout shorter than the corpus needs (a cold machine, the
// default 10 minutes) skips the runs it leaves no time for, saying why,
// and judges the rest: it never ends the binary with a panic and every
// result lost. The corpus here is one case that sleeps past it.
func TestCorpusStopsBeforeTheTimeout(t *testing.T) {
	if os.Getenv("CLEANEXIT_CORPUS") != "" {
		t.Skip("run on its own corpus only")
	}
	corpus := t.TempDir()
	if err := os.MkdirAll(filepath.Join(corpus, "p"), 0o777); err != nil {
		t.Fatal(err)
	}
	slow := "python -c 'import time; time.sleep(120)'\n-- case.yaml --\nsummary: sleeps past the test's timeout\n" +
		"links: [https://github.com/cleanexit/cleanexit/issues/33]\npython: \"3.12\"\ntimeout: 5m\n"
	if err := os.WriteFile(filepath.Join(corpus, "p", "slow.txtar"), []byte(slow), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestCorpus$", "-test.v", "-test.timeout", "50s")
	cmd.Env = append(os.Environ(), "CLEANEXIT_CORPUS="+corpus)
	out, err := cmd.CombinedOutput()
	switch {
	case err == nil && !strings.Contains(string(out), "TestCorpus/p/slow/default/3.12"):
		t.Skip("no run of the case here (no Python 3.12?)")
	case err != nil || !strings.Contains(string(out), "--- SKIP: TestCorpus/p/slow/default/3.12") || !strings.Contains(string(out), "within go test's -timeout"):
		t.Fatalf("TestCorpus under -timeout 50s with a run of 120 s: %v, want a skip saying why\n%s", err, out)
	}
}
