package runner

import (
	"io"
	"os"
	"runtime"
	"time"

	"github.com/cleanexit/cleanexit/internal/cache"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/internal/selection"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
)

// Document is the JSON report of the session, begun at start and over
// now: the host, called name (default: its hostname), every interpreter
// found, named as run IDs name it, the selection that chose the runs and
// how many of them never started, and the results, in the order given.
// The CLI and `go test ./corpus` write the same report.
func (s *Session) Document(name string, start time.Time, results []result.Result, interrupted bool) *report.Document {
	if name == "" {
		name, _ = os.Hostname()
	}
	labels := plan.Labels(s.Interpreters)
	var interps []report.Interpreter
	for _, in := range s.Interpreters {
		interps = append(interps, report.InterpreterOf(labels[in], in))
	}
	doc := report.NewDocument(name, s.Host, interps, start)
	doc.Selection = report.Selection{
		Order: s.Order, Seed: s.Seed,
		XFailNot: nonNil(s.Overrides.XFailNot), Unsupported: nonNil(s.Overrides.Unsupported),
	}
	if s.Filter != nil {
		doc.Selection.Filter = s.Filter.String()
	}
	if s.FilterOut != nil {
		doc.Selection.FilterOut = s.FilterOut.String()
	}
	if s.Shard.Count > 0 {
		doc.Selection.Shard = s.Shard.String()
	}
	doc.Finish(time.Since(start), interrupted)
	doc.Selection.NotStarted = len(s.Runs) - len(results)
	for _, r := range results {
		doc.Add(r)
	}
	return doc
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// RecordTimes keeps each run's time in the cache, for --order smart and
// the progress line's ETA next time. Runs that did not run (UNSUPPORTED,
// or cut short by an interrupt) keep their old times.
func (s *Session) RecordTimes(results []result.Result, interrupted bool) error {
	t := selection.Times{}
	for _, r := range results {
		if r.Status == result.Unsupported || (interrupted && r.Status == result.Unresolved) {
			continue
		}
		t.Record(r.ID, r.Duration, r.Status.Failed())
	}
	if len(t) == 0 {
		return nil
	}
	return selection.UpdateTimes(s.CacheDir.TestTimes(), t)
}

// Progress is the status line of the session's runs on w (see
// report.Progress), told of each run that starts; print writes a finished
// run's lines. Live, it fills the terminal's width, and its ETA comes
// from the times RecordTimes kept, over jobs workers as RunAll reads it.
func (s *Session) Progress(w io.Writer, live bool, jobs int, print func(result.Result)) *report.Progress {
	p := &report.Progress{W: w, Total: len(s.Runs), Print: print, Live: live}
	if live {
		p.Detail = func() string { return buildingLine(s.Cache.Building(), cache.TreeSize) }
		p.Width, p.Expected, p.Jobs = report.TerminalWidth(w), s.expectedTimes(), jobs
		if jobs <= 0 {
			p.Jobs = runtime.NumCPU()
		}
	}
	s.Started = func(r *plan.Run) { p.Started(r.ID) }
	return p
}

// expectedTimes is what each selected run took last time, from the timing
// file RecordTimes keeps; nil when there is none.
func (s *Session) expectedTimes() map[string]time.Duration {
	times, err := selection.ReadTimes(s.CacheDir.TestTimes())
	if err != nil || len(times) == 0 {
		return nil
	}
	out := map[string]time.Duration{}
	for _, r := range s.Runs {
		if t, ok := times[r.ID]; ok {
			out[r.ID] = time.Duration(t.Seconds * float64(time.Second))
		}
	}
	return out
}
