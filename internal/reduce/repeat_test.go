package reduce

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// A crash that happens every other run is interesting with --min-crashes 1
// of --repeat 2, and not with 2 of 2.
func TestRepeatCountsCrashes(t *testing.T) {
	counter := filepath.Join(t.TempDir(), "runs")
	text := `python repro.py
-- case.yaml --
summary: aborts at exit on every other run
links: [https://example.com/flaky]
python: "3.12"
env: {COUNTER: "` + counter + `"}
exit: SIGABRT
-- repro.py --
import atexit, os
path = os.environ["COUNTER"]
n = int(open(path).read()) if os.path.exists(path) else 0
open(path, "w").write(str(n + 1))
if n % 2 == 0:
    atexit.register(os.abort)
`
	file := filepath.Join(t.TempDir(), "native", "flaky.txtar")
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	// No rerun under the debugger: it would count as a run of its own.
	s, err := runner.Open(context.Background(), runner.Config{Args: []string{file}, CacheRoot: cacheRoot, Index: cases.Index{NoIndex: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(s.Runs) != 1 || s.Runs[0].Skipped() {
		t.Skipf("no python 3.12 run here: %v", s.Runs)
	}
	for _, tc := range []struct {
		min  int
		want bool
	}{{2, false}, {1, true}} {
		os.Remove(counter) // the original's run is the first: it crashes
		tg, err := NewTarget(context.Background(), s, s.Cases, s.Runs, TargetOptions{Repeat: 2, MinCrashes: tc.min, Backtrace: "off"})
		if err != nil {
			t.Fatal(err)
		}
		// Runs 2 (clean) and 3 (crash): one crash of two.
		j := tg.Judge(context.Background(), tg.Run.Case.Files)
		if j.Interesting != tc.want {
			t.Errorf("--min-crashes %d of --repeat 2, one crash: interesting = %v (%s), want %v", tc.min, j.Interesting, j.Why, tc.want)
		}
		if !tc.want && !strings.Contains(j.Why, "1 of 2") && !strings.Contains(j.Why, "PASS") && !strings.Contains(j.Why, "FAIL") {
			t.Errorf("why = %q, want the count or the run that did not crash", j.Why)
		}
	}
}
