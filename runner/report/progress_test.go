package report

import (
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/runner/result"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestProgressLive(t *testing.T) {
	var b strings.Builder
	clock := &fakeClock{time.Unix(1000, 0)}
	p := &Progress{W: &b, Live: true, Total: 4, Now: clock.now,
		Print: func(r result.Result) { b.WriteString(string(r.Status) + " " + r.ID + "\n") }}
	p.Begin()
	p.Finished(result.Result{ID: "a/x/default/3.12", Status: result.Unsupported})
	p.Started("a/y/default/3.12")
	clock.t = clock.t.Add(time.Second)
	p.Started("a/z/default/3.12")
	if got, want := p.Line(), "[1/4] 2 running (a/y/default/3.12) · 0 failed · 1s"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	clock.t = clock.t.Add(time.Second)
	p.Finished(result.Result{ID: "a/y/default/3.12", Status: result.Fail})
	// 1 run executed in 2s, 2 left: about 4s more.
	if got, want := p.Line(), "[2/4] 1 running (a/z/default/3.12) · 1 failed · 2s · ETA 4s"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	p.End()
	out := b.String()
	// The status line is drawn in place and erased before each result
	// line, so that result lines are never interleaved with it.
	if !strings.Contains(out, "\r\x1b[KFAIL a/y/default/3.12\n\r\x1b[K[2/4] 1 running") {
		t.Errorf("result line not printed over a cleared status line: %q", out)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("End leaves the status line: %q", out)
	}
	// A long ID is cut in its middle to fit 80 columns, keeping the
	// project and the interpreter; a wide terminal shows all of it.
	id := "mlir-python-bindings/" + strings.Repeat("x", 60) + "/default/3.12"
	long := &Progress{Total: 1, Now: clock.now}
	long.Begin()
	long.Started(id)
	if l := long.Line(); !strings.Contains(l, "(mlir-python-bindings/x") || !strings.Contains(l, "x/default/3.12)") || !strings.Contains(l, "…") || len([]rune(l)) > 79 {
		t.Errorf("a long ID on 80 columns: %q", l)
	}
	wide := &Progress{Total: 1, Now: clock.now, Width: 200}
	wide.Begin()
	wide.Started(id)
	if l := wide.Line(); !strings.Contains(l, "("+id+")") {
		t.Errorf("a long ID is cut on a terminal wide enough: %q", l)
	}
}

// With recorded times (the timing file --order smart reads), the ETA is
// the time of the runs still to do over the workers, not the mean so far:
// here a quick run finished first, and a mean would say 2s.
func TestProgressETAFromRecordedTimes(t *testing.T) {
	clock := &fakeClock{time.Unix(1000, 0)}
	p := &Progress{Total: 4, Now: clock.now, Jobs: 2, Expected: map[string]time.Duration{
		"a/quick/default/3.12": time.Second,
		"a/slow/default/3.12":  40 * time.Second,
		"a/slow2/default/3.12": 20 * time.Second,
	}}
	p.Begin()
	p.Started("a/quick/default/3.12")
	p.Started("a/slow/default/3.12")
	clock.t = clock.t.Add(time.Second)
	p.Finished(result.Result{ID: "a/quick/default/3.12", Status: result.Pass, Duration: time.Second})
	// Left: slow (40s, 1s spent), slow2 (20s), and one unrecorded run
	// at the 1s mean: (39+20+1)/2 = 30s.
	if got, want := p.Line(), "[1/4] 1 running (a/slow/default/3.12) · 0 failed · 1s · ETA 30s"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

// Off a terminal, only the result lines are written: CI logs stay clean.
func TestProgressPlain(t *testing.T) {
	var b strings.Builder
	p := &Progress{W: &b, Total: 2, Print: func(r result.Result) { b.WriteString(r.ID + "\n") }}
	p.Begin()
	p.Started("a")
	p.Finished(result.Result{ID: "a", Status: result.Pass})
	p.Started("b")
	p.Finished(result.Result{ID: "b", Status: result.Fail})
	p.End()
	if b.String() != "a\nb\n" {
		t.Errorf("plain output %q", b.String())
	}
}

func TestWriteTimings(t *testing.T) {
	var b strings.Builder
	WriteTimings(&b, sampleResults(), 2)
	want := `Slowest runs:
        2s  native/tls/buggy/3.12
     310ms  native/tls/default/3.12
Environments built: 1, 4.2s in all
      4.2s  k-3.12  for native/tls/default/3.12
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	WriteTimings(&b, sampleResults()[5:6], 10)
	if want := "Slowest runs:\n  none ran\nEnvironments built: none (all from the cache)\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// What is under way beside the runs (an environment's download) is on the
// line from the next redraw, and gone when it ends.
func TestProgressDetail(t *testing.T) {
	var b strings.Builder
	clock := &fakeClock{time.Unix(1000, 0)}
	detail := "env: pip download 41 MB; venv 0.3 MB; uv pip install 12 MB"
	p := &Progress{W: &b, Total: 2, Now: clock.now, Width: 120, Detail: func() string { return detail }}
	p.Begin()
	p.Started("mlir/iree/default/3.12")
	if got, want := p.Line(), "[0/2] 1 running (mlir/iree/default/3.12) · 0 failed · 0s"; got != want {
		t.Errorf("before a redraw: line %q, want %q", got, want)
	}
	p.tick()
	if got, want := p.Line(), "[0/2] 1 running (mlir/iree/default/3.12) · env: pip download 41 MB; venv 0.3 MB; uv pip install 12 MB · 0 failed · 0s"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// On a narrow terminal the run's ID stays whole and the detail is cut.
	p.Width = 80
	if got := p.Line(); !strings.Contains(got, "(mlir/iree/default/3.12) · env: pip download") || !strings.Contains(got, "…") || len([]rune(got)) > 79 {
		t.Errorf("80 columns: line %q", got)
	}
	detail = ""
	p.tick()
	if got := p.Line(); strings.Contains(got, "env:") {
		t.Errorf("after the build: line %q", got)
	}
	p.End()
}
