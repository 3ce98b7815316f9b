// Package corpus_test runs the corpus through `go test`:
//
//	go test ./corpus/...
//	go test ./corpus/... -run 'TestCorpus/mlir'
//	go test ./corpus/... -run 'TestCorpus/native/thread-local-refs/buggy/3.12'
//
// Each run is a subtest TestCorpus/<project>/<case>/<variant>/<python>;
// UNSUPPORTED runs are skipped with their reason.
package corpus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/plan"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
)

func TestCorpus(t *testing.T) {
	cfg := runner.ConfigFromEnv(nil)
	cfg.Corpus = "."
	s, err := runner.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	tree := map[string]map[string]map[string][]*plan.Run{}
	var order []string
	for _, r := range s.Runs {
		p, c, v := r.Case.Project, r.Case.Name, r.Variant.Name
		if tree[p] == nil {
			tree[p] = map[string]map[string][]*plan.Run{}
			order = append(order, p)
		}
		if tree[p][c] == nil {
			tree[p][c] = map[string][]*plan.Run{}
		}
		tree[p][c][v] = append(tree[p][c][v], r)
	}
	// Every level is parallel, so that the whole corpus shares -parallel
	// slots instead of running one project after another.
	for _, p := range order {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			for c, variants := range tree[p] {
				t.Run(c, func(t *testing.T) {
					t.Parallel()
					for v, runs := range variants {
						t.Run(v, func(t *testing.T) {
							t.Parallel()
							for _, r := range runs {
								t.Run(r.Python, func(t *testing.T) {
									t.Parallel()
									check(t, s, r)
								})
							}
						})
					}
				})
			}
		})
	}
}

func check(t *testing.T, s *runner.Session, r *plan.Run) {
	res := s.Execute(context.Background(), r)
	var b strings.Builder
	term := &report.Terminal{W: &b}
	term.Result(res)
	switch res.Status {
	case result.Unsupported:
		t.Skip(res.Reason)
	case result.Pass, result.XFail, result.FlakyPass:
		if testing.Verbose() {
			t.Log(strings.TrimSpace(b.String()))
		}
	default:
		t.Error(strings.TrimSpace(b.String()))
	}
}
