package report

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/cleanexit/cleanexit/runner/result"
)

// Progress keeps one status line at the bottom of a terminal while runs
// go on: done/total, what is running now, failures so far, the elapsed
// time and an estimate of what is left. Finished runs' lines scroll above
// it. Off a terminal (Live false) it prints nothing of its own, so that a
// CI log holds only the result lines.
type Progress struct {
	W     io.Writer
	Live  bool
	Total int
	Print func(result.Result) // writes one finished run's lines, as Terminal.Result
	Now   func() time.Time    // the clock; time.Now when nil

	// Width is the terminal's width in columns; 0 means 80. The running
	// run's ID is shortened only to fit it, from the middle, so that its
	// project and interpreter stay readable.
	Width int
	// Expected holds what each planned run took last time (the timing
	// file --order smart reads), and Jobs how many run at once: the ETA
	// is the recorded time of the runs still to do, over the workers,
	// rather than a mean that a few slow cases make wrong.
	Expected map[string]time.Duration
	Jobs     int
	// Detail, when set, says what is under way beside the runs, such as
	// an environment's download: asked at each redraw, off the lock, and
	// shown after the running run.
	Detail func() string

	mu       sync.Mutex
	start    time.Time
	done     int
	executed int           // done runs that were not UNSUPPORTED: what the ETA is made from
	spent    time.Duration // their durations, summed
	failed   int
	running  map[string]time.Time
	finished map[string]bool
	shown    bool
	detail   string // Detail's last answer
	stop     chan struct{}
	stopped  sync.WaitGroup
}

func (p *Progress) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

// Begin starts the clock and, on a terminal, a redraw every half second so
// that the elapsed time moves while a long run holds every worker.
func (p *Progress) Begin() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.start = p.now()
	p.running = map[string]time.Time{}
	if !p.Live {
		return
	}
	p.stop = make(chan struct{})
	p.stopped.Add(1)
	go func() {
		defer p.stopped.Done()
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.tick()
			}
		}
	}()
}

// tick redraws the line with Detail's answer now, which is asked before
// the lock is taken: it may read the disk.
func (p *Progress) tick() {
	var detail string
	if p.Detail != nil {
		detail = p.Detail()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.detail = detail
	p.draw()
}

// Started notes that a run began.
func (p *Progress) Started(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.running == nil {
		p.running = map[string]time.Time{}
	}
	p.running[id] = p.now()
	p.draw()
}

// Finished prints a finished run above the status line.
func (p *Progress) Finished(r result.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	if p.Print != nil {
		p.Print(r)
	}
	delete(p.running, r.ID)
	if p.finished == nil {
		p.finished = map[string]bool{}
	}
	p.finished[r.ID] = true
	p.done++
	if r.Status != result.Unsupported {
		p.executed++
		p.spent += r.Duration
	}
	if r.Status.Failed() {
		p.failed++
	}
	p.draw()
}

// End removes the status line, leaving the terminal as plain output.
func (p *Progress) End() {
	if p.stop != nil {
		close(p.stop)
		p.stopped.Wait()
		p.stop = nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

// Line is the status line's text.
func (p *Progress) Line() string {
	now := p.now()
	elapsed := now.Sub(p.start)
	head := fmt.Sprintf("[%d/%d] %d running", p.done, p.Total, len(p.running))
	tail := fmt.Sprintf(" · %d failed · %s", p.failed, Duration(elapsed.Round(100*time.Millisecond)))
	if eta, ok := p.eta(now, elapsed); ok {
		tail += " · ETA " + Duration(eta)
	}
	width := p.Width
	if width <= 0 {
		width = 80
	}
	if len(p.running) == 0 {
		return head + p.detailFitting(width-1-utf8.RuneCountInString(head+tail)) + tail
	}
	ids := make([]string, 0, len(p.running))
	for id := range p.running {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := p.running[ids[i]], p.running[ids[j]]
		return a.Before(b) || (a.Equal(b) && ids[i] < ids[j])
	})
	// One column is left free: a line that fills the last one wraps on
	// some terminals, and the status line must stay one line. The run's
	// ID comes first; what is under way beside it gets the room left.
	room := width - 1 - utf8.RuneCountInString(head+tail) - len(" ()")
	id := shorten(VisibleName(ids[0]), room)
	return head + " (" + id + ")" + p.detailFitting(room-utf8.RuneCountInString(id)) + tail
}

// detailFitting is " · " and the last Detail, cut at its end to fit n
// runes, or "" when less than a few words would fit.
func (p *Progress) detailFitting(n int) string {
	if p.detail == "" {
		return ""
	}
	n -= len(" · ")
	r := []rune(p.detail)
	switch {
	case len(r) <= n:
		return " · " + p.detail
	case n < 12:
		return ""
	}
	return " · " + string(r[:n-1]) + "…"
}

// shorten fits id into n runes, cutting its middle: the project at its
// start and the interpreter at its end say the most.
func shorten(id string, n int) string {
	r := []rune(id)
	if len(r) <= n {
		return id
	}
	if n < 3 {
		return "…"
	}
	keep := n - 1
	front := keep / 2
	return string(r[:front]) + "…" + string(r[len(r)-(keep-front):])
}

// eta estimates the time left: the recorded times of the runs not done
// (less what a running one has already spent), plus, for runs with no
// record, the mean of those finished here, over the workers. Without
// records it falls back to the pace so far.
func (p *Progress) eta(now time.Time, elapsed time.Duration) (time.Duration, bool) {
	left := p.Total - p.done
	if left <= 0 {
		return 0, false
	}
	if len(p.Expected) == 0 {
		if p.executed == 0 {
			return 0, false
		}
		return time.Duration(float64(elapsed) / float64(p.executed) * float64(left)), true
	}
	var work time.Duration
	known := 0
	for id, d := range p.Expected {
		if p.finished[id] {
			continue
		}
		known++
		if started, ok := p.running[id]; ok {
			d -= now.Sub(started)
		}
		work += max(d, 0)
	}
	if unknown := left - known; unknown > 0 {
		if p.executed == 0 {
			return 0, false
		}
		work += p.spent / time.Duration(p.executed) * time.Duration(unknown)
	}
	return work / time.Duration(max(p.Jobs, 1)), true
}

func (p *Progress) draw() {
	if !p.Live {
		return
	}
	fmt.Fprint(p.W, "\r\x1b[K"+p.Line())
	p.shown = true
}

func (p *Progress) clear() {
	if p.Live && p.shown {
		fmt.Fprint(p.W, "\r\x1b[K")
		p.shown = false
	}
}
