package script

import (
	"errors"

	"fmt"
	"github.com/cleanexit/cleanexit/internal/diagnose"
	"io"
	"strings"
	"sync"
	"time"
)

// What a python run's stdout or stderr keeps, each: the head, where the
// output begins, and the tail, where a fatal error, faulthandler's stacks
// and a program's last word are. A runaway loop must not take the
// runner's memory with it, and nothing may be judged on the head alone.
const (
	keepHead = 1 << 20
	keepTail = 3 << 20
)

// A capture keeps the first head and the last tail bytes written to it,
// and counts what it dropped between them. It is safe for the concurrent
// writes of a process's pipes and the progress reads of a timeout.
type capture struct {
	mu      sync.Mutex
	head    []byte
	ring    []byte // the tail, a ring once full
	next    int    // where the ring's next byte goes
	full    bool   // the ring has wrapped
	before  byte   // the byte just before the ring's oldest, once bytes were dropped
	written int64  // bytes seen, kept or not
	last    time.Time

	// scan, when set, reads every byte as it passes: what is dropped
	// from the middle is still classified (diagnose.Stream).
	scan *diagnose.Stream

	headMax, tailMax int
}

func newCapture() *capture { return &capture{headMax: keepHead, tailMax: keepTail} }

func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.written += int64(len(p))
	c.last = time.Now()
	if c.scan != nil {
		c.scan.Write(p)
	}
	q := p
	if room := c.headMax - len(c.head); room > 0 {
		n := min(room, len(q))
		c.head = append(c.head, q[:n]...)
		q = q[n:]
	}
	if len(q) == 0 || c.tailMax <= 0 {
		return len(p), nil
	}
	if len(q) >= c.tailMax {
		// Only the last tailMax bytes of this write can survive.
		if len(q) > c.tailMax {
			c.before = q[len(q)-c.tailMax-1]
		} else {
			c.before = c.newest()
		}
		c.ring = append(c.ring[:0], q[len(q)-c.tailMax:]...)
		c.next, c.full = 0, true
		return len(p), nil
	}
	for len(q) > 0 {
		if !c.full && len(c.ring) < c.tailMax {
			n := min(c.tailMax-len(c.ring), len(q))
			c.ring = append(c.ring, q[:n]...)
			q = q[n:]
			if len(c.ring) == c.tailMax {
				c.full, c.next = true, 0
			}
			continue
		}
		n := min(c.tailMax-c.next, len(q))
		c.before = c.ring[c.next+n-1]
		copy(c.ring[c.next:], q[:n])
		q = q[n:]
		c.next = (c.next + n) % c.tailMax
	}
	return len(p), nil
}

// copyBuffers are ReadFrom's buffers, shared by every capture.
var copyBuffers = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// ReadFrom writes what r reads to c, until r's end. os/exec copies a
// process's pipe with io.Copy, which uses it: io.Copy would otherwise make a
// 32 KB buffer for each stream of each run, mostly to read nothing into.
func (c *capture) ReadFrom(r io.Reader) (int64, error) {
	buf := copyBuffers.Get().(*[32 << 10]byte)
	defer copyBuffers.Put(buf)
	var total int64
	for {
		n, err := r.Read(buf[:])
		if n > 0 {
			c.Write(buf[:n])
			total += int64(n)
		}
		if errors.Is(err, io.EOF) {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// newest is the last byte kept before a write: the ring's newest, or the
// head's last.
func (c *capture) newest() byte {
	switch {
	case c.full:
		return c.ring[(c.next+c.tailMax-1)%c.tailMax]
	case len(c.ring) > 0:
		return c.ring[len(c.ring)-1]
	case len(c.head) > 0:
		return c.head[len(c.head)-1]
	}
	return '\n'
}

// progress reports how much has been written, and when last.
func (c *capture) progress() (int64, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.written, c.last
}

// text is what was kept, and how many bytes of the middle were dropped.
// When some were, the two ends are cut to whole lines and joined by one
// line that says so, so that no line of the text is made of two halves.
func (c *capture) text(stream string) (string, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	tail := c.ring
	if c.full {
		tail = append(append([]byte(nil), c.ring[c.next:]...), c.ring[:c.next]...)
	}
	kept := int64(len(c.head) + len(tail))
	if kept == c.written {
		return string(c.head) + string(tail), 0
	}
	head := string(c.head)
	if i := strings.LastIndexByte(head, '\n'); i >= 0 {
		head = head[:i+1]
	} else {
		head = ""
	}
	rest := string(tail)
	if c.before != '\n' && c.full {
		// The tail begins inside a line: drop its end.
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			rest = rest[i+1:]
		} else {
			rest = ""
		}
	}
	dropped := c.written - int64(len(head)+len(rest))
	return head + fmt.Sprintf("[cleanexit: %d bytes of %s dropped here, %d kept of %d]\n", dropped, stream, len(head)+len(rest), c.written) + rest, dropped
}
