// Package corpus_test runs the corpus through `go test`:
//
//	go test ./corpus/...
//	go test ./corpus/... -run 'TestCorpus/mlir'
//	go test ./corpus/... -run 'TestCorpus/native/thread-local-refs/buggy/3.12'
//
// Each run is a subtest TestCorpus/<project>/<case>/<variant>/<python>;
// UNSUPPORTED runs are skipped with their reason. The CLEANEXIT_*
// variables of runner.SettingsFromEnv apply as they do to `cleanexit run`
// (CLEANEXIT_CORPUS, an absolute path, runs another corpus: the
// benchmark's; CLEANEXIT_SHARD=I/N runs one shard), and -cleanexit.json
// FILE writes the JSON report.
package corpus_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
)

// jsonOut writes the same JSON report as `cleanexit run --json`, so that a
// CI job running the corpus through go test keeps its results too.
var jsonOut = flag.String("cleanexit.json", "", "write the run's JSON report (docs/report-json.md) to `FILE`")

func TestCorpus(t *testing.T) {
	start := time.Now()
	// The same settings, through the same two functions, as `cleanexit
	// run` with no flags: CLEANEXIT_SHARD=I/N runs one shard, the same
	// partition as --shard I/N, CLEANEXIT_FILTER a filter, and so on.
	st := runner.SettingsFromEnv(os.Getenv)
	if os.Getenv("CLEANEXIT_CORPUS") == "" {
		st.Corpus = "." // go test runs in this folder
	}
	cfg, err := st.Config(nil)
	if err != nil {
		t.Fatal(err)
	}
	// The test binary, like the CLI, has no child of its own in another
	// session: a case's orphans are adopted and killed.
	cfg.AdoptOrphans = true
	s, err := runner.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	// As `cleanexit run` does: a selection that leaves no run is no pass.
	if why := s.NothingToRun(); why != "" && !st.AllowEmpty {
		t.Fatal(why + " (CLEANEXIT_ALLOW_EMPTY=1 makes that pass)")
	}
	// Once every run has finished, each case must discriminate: its
	// known-bad variants fail as declared and its good ones pass.
	var mu sync.Mutex
	var results []result.Result
	t.Cleanup(func() {
		if *jsonOut != "" {
			sort.Slice(results, func(i, j int) bool { return results[i].ID < results[j].ID })
			doc := s.Document("", start, results, false)
			doc.Command = report.RedactedCommand(os.Args)
			if err := report.WriteFile(*jsonOut, doc.WriteJSON); err != nil {
				t.Errorf("-cleanexit.json: %v", err)
			}
		}
		for _, p := range runner.Prove(s.Cases, results) {
			if p.Verdict.Failed() {
				t.Errorf("%s %s (%s) %s\n    %s", p.Verdict, p.Case.ID(), repoPath(p.Case.File), p.Summary(), report.Visible(strings.Join(p.Why, "\n    ")))
			}
		}
	})
	record := func(r result.Result) {
		mu.Lock()
		results = append(results, r)
		mu.Unlock()
	}
	// One subtest per run, named project/case/variant/python: go test's
	// -run and -skip match a name's parts between slashes one by one, so
	// the patterns select as they would in a tree of subtests, without a
	// tree's three levels of subtests for every run to start, pause and
	// wait through (perf: a tenth of the test binary's own CPU time in a
	// corpus of trivial cases, with the stacks they grew). -parallel
	// workers each run one subtest after another, in the plan's order,
	// longest first: parallel subtests would be started and paused all
	// before the first ran, and resume in an order of the scheduler's.
	ctx, stop := beforeTimeout(t)
	defer stop()
	work := make(chan *plan.Run)
	var wg sync.WaitGroup
	for range parallelFlag() {
		wg.Go(func() {
			for r := range work {
				name := strings.Join([]string{r.Case.Project, r.Case.Name, r.Variant.Name, r.Python}, "/")
				t.Run(name, func(t *testing.T) {
					if ctx.Err() != nil {
						t.Skip(outOfTime)
					}
					res := s.Execute(ctx, r)
					if ctx.Err() != nil && res.Status == result.Unresolved {
						t.Skipf("%s (stopped: %s)", outOfTime, res.Reason)
					}
					record(res)
					check(t, res)
				})
			}
		})
	}
	for _, r := range s.Runs {
		work <- r
	}
	close(work)
	wg.Wait()
	s.Close() // the runs are over: the proofs need only their results
}

// timeoutMargin is what TestCorpus keeps of go test's -timeout for
// stopping the runs under way, the proofs and the report.
const timeoutMargin = 30 * time.Second

// outOfTime is why a run is skipped when go test's -timeout comes first.
const outOfTime = "not run to its end within go test's -timeout: a cold machine builds every environment first; rerun with -timeout 40m, as CI does"

// beforeTimeout is the context of TestCorpus's runs: it ends timeoutMargin
// before go test's -timeout, whose panic would end the binary with every
// result lost, so that the runs left are skipped, saying why, and the
// ones made are judged.
func beforeTimeout(t *testing.T) (context.Context, context.CancelFunc) {
	if deadline, ok := t.Deadline(); ok {
		return context.WithDeadline(context.Background(), deadline.Add(-timeoutMargin))
	}
	return context.WithCancel(context.Background())
}

// parallelFlag is go test's -parallel: how many runs go at once, as for
// parallel subtests.
func parallelFlag() int {
	if f := flag.Lookup("test.parallel"); f != nil {
		if n, err := strconv.Atoi(f.Value.String()); err == nil && n > 0 {
			return n
		}
	}
	return runtime.GOMAXPROCS(0)
}

// check turns a result into the subtest's verdict: UNSUPPORTED is a skip.
// The result's line, which names the case's file and line, is written
// through t.Output: t.Log would add corpus_test.go's own line, and walks
// the stack to find it for every run. Under GitHub Actions, the case's
// output in it is fenced off from the runner's workflow commands, as
// `cleanexit run --github` does.
func check(t *testing.T, res result.Result) {
	res.File = repoPath(res.File)
	show := func() { (&report.Terminal{W: t.Output(), Actions: report.InActions(os.Getenv)}).Result(res) }
	switch res.Status {
	case result.Unsupported:
		t.Skip(res.Reason)
	case result.Pass, result.XFail, result.FlakyPass:
		if testing.Verbose() {
			show()
		}
	default:
		show()
		t.Fail()
	}
}

// repoRoot is the repository root, above corpus/.
var repoRoot = sync.OnceValues(func() (string, error) { return filepath.Abs("..") })

// repoPath names a case file as the repository does: go test runs in
// corpus/, where a file reads "mlir/x.txtar", which no editor or CI log
// link finds from the repository root. Files outside the repository (a
// CLEANEXIT_CORPUS elsewhere) keep their path.
func repoPath(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return file
	}
	root, err := repoRoot()
	if err != nil {
		return file
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return file
	}
	return filepath.ToSlash(rel)
}
