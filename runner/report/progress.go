package report

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

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

	mu       sync.Mutex
	start    time.Time
	done     int
	executed int // done runs that were not UNSUPPORTED: what the ETA is made from
	failed   int
	running  map[string]time.Time
	shown    bool
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
				p.mu.Lock()
				p.draw()
				p.mu.Unlock()
			}
		}
	}()
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
	p.done++
	if r.Status != result.Unsupported {
		p.executed++
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
	elapsed := p.now().Sub(p.start)
	s := fmt.Sprintf("[%d/%d] %d running", p.done, p.Total, len(p.running))
	if len(p.running) > 0 {
		ids := make([]string, 0, len(p.running))
		for id := range p.running {
			ids = append(ids, id)
		}
		sort.Slice(ids, func(i, j int) bool {
			a, b := p.running[ids[i]], p.running[ids[j]]
			return a.Before(b) || (a.Equal(b) && ids[i] < ids[j])
		})
		oldest := ids[0]
		if len(oldest) > 40 {
			oldest = "…" + oldest[len(oldest)-39:]
		}
		s += " (" + oldest + ")"
	}
	s += fmt.Sprintf(" · %d failed · %s", p.failed, Duration(elapsed.Round(100*time.Millisecond)))
	if left := p.Total - p.done; left > 0 && p.executed > 0 {
		eta := time.Duration(float64(elapsed) / float64(p.executed) * float64(left))
		s += " · ETA " + Duration(eta)
	}
	return s
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
