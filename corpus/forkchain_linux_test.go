package corpus_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/proctable"
)

// go test ./corpus/... holds a run to its timeout as the CLI does: a case
// whose exec command leaves a fork-and-exit chain holding its output,
// each generation forking the next and exiting, is a TIMEOUT seconds past
// its `timeout: 2s`, not a PASS once the chain ends by itself a minute
// later; and no member of the chain is left in the process table.
func TestCorpusStopsAForkChain(t *testing.T) {
	if os.Getenv("CLEANEXIT_CORPUS") != "" {
		t.Skip("run on its own corpus only")
	}
	proctable.Require(t)
	tag := proctable.Marker(t, "cleanexit-corpus-chain")
	corpus := t.TempDir()
	if err := os.MkdirAll(filepath.Join(corpus, "p"), 0o777); err != nil {
		t.Fatal(err)
	}
	// 3000 generations, 20 ms apart: a minute, if nothing stops it.
	chain := `exec sh -c '"$VIRTUAL_ENV/bin/python" chain.py 3000 ` + tag + `'` + "\npython -c pass\n" +
		"-- case.yaml --\nsummary: an exec command's fork-and-exit chain outlives its timeout\n" +
		"links: [https://man7.org/linux/man-pages/man2/fork.2.html]\npython: \"3.12\"\ntimeout: 2s\n" +
		"-- chain.py --\nimport os, sys, time\nfor _ in range(int(sys.argv[1])):\n" +
		"    if os.fork() != 0:\n        os._exit(0)\n    os.setsid()\n    time.sleep(0.02)\n"
	if err := os.WriteFile(filepath.Join(corpus, "p", "chain.txtar"), []byte(chain), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestCorpus$", "-test.v")
	cmd.Env = append(os.Environ(), "CLEANEXIT_CORPUS="+corpus)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	if err == nil && !strings.Contains(string(out), "TestCorpus/p/chain/default/3.12") {
		t.Skip("no run of the case here (no Python 3.12?)")
	}
	if err == nil || !regexp.MustCompile(`TIMEOUT +p/chain/default/3\.12 .*timed out after 2s; killed python`).Match(out) {
		t.Errorf("TestCorpus on a fork chain under timeout: 2s: %v, want a TIMEOUT\n%s", err, out)
	}
	// Generous: about 3 s here, on a loaded machine too.
	if took > 30*time.Second {
		t.Errorf("TestCorpus on a fork chain under timeout: 2s took %s", took.Round(time.Second))
	}
	// Five reads of the table, 20 ms apart: a chain left running shows
	// in every one.
	for range 5 {
		if left := proctable.Matching(tag); len(left) > 0 {
			t.Fatalf("left running after the run: %q", left)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
