package runner

import (
	"context"
	"runtime"
	"sync"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/internal/verdict"
	"github.com/cleanexit/cleanexit/runner/result"
)

// RunAll executes every run of the session with jobs workers (0 means one
// per CPU), calling emit with each result as it finishes, from one
// goroutine at a time. Unsupported runs are emitted first, as they cost
// nothing. It returns every result, in plan order; once MaxFailures runs
// have failed, runs not yet started are not started and have no result.
func (s *Session) RunAll(ctx context.Context, jobs int, emit func(result.Result)) []result.Result {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	results := make([]result.Result, len(s.Runs))
	reported := make([]bool, len(s.Runs))
	failures := 0
	var emitMu sync.Mutex
	report := func(i int, r result.Result) {
		emitMu.Lock()
		defer emitMu.Unlock()
		results[i], reported[i] = r, true
		if r.Status.Failed() {
			failures++
		}
		if emit != nil {
			emit(r)
		}
	}
	enough := func() bool {
		emitMu.Lock()
		defer emitMu.Unlock()
		return s.MaxFailures > 0 && failures >= s.MaxFailures
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				// A run handed over as the last allowed failure came
				// in is not started either.
				if enough() {
					continue
				}
				if s.Started != nil {
					s.Started(s.Runs[i])
				}
				report(i, s.Execute(ctx, s.Runs[i]))
			}
		}()
	}
	var pending []int
	for i, r := range s.Runs {
		if r.Skipped() {
			report(i, s.Execute(ctx, r))
		} else {
			pending = append(pending, i)
		}
	}
	for _, i := range pending {
		if enough() {
			break
		}
		if ctx.Err() != nil {
			res := resultOf(s.Runs[i])
			res.Status, res.Reason = verdict.Run(verdict.RunFacts{NotRun: "interrupted"})
			report(i, res)
			continue
		}
		work <- i
	}
	close(work)
	wg.Wait()
	out := results[:0]
	for i, r := range results {
		if reported[i] {
			out = append(out, r)
		}
	}
	return out
}

// resultOf is the part of a run's result that the plan already knows:
// which run it is, where it is written, and what it expects.
func resultOf(r *plan.Run) result.Result {
	res := result.Result{
		ID:       r.ID,
		File:     r.Case.File,
		Line:     r.Variant.Line,
		Project:  r.Case.Project,
		Case:     r.Case.Name,
		Variant:  r.Variant.Name,
		Python:   r.Python,
		Expected: r.Variant.Exit.String(),
		Override: r.Override,
	}
	if r.Interp != nil {
		res.Interpreter, res.Version = r.Interp.Path, r.Interp.Version
	}
	return res
}
