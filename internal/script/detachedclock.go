package script

import "time"

// A fork-and-exit chain, each generation forking the next and exiting, is
// a tree whose members are each young: timed one by one, by age, it lives
// forever. Detached processes (orphans, and what is below them) are timed
// together instead, from the oldest start among them, for as long as the
// sweeps find some without a break: a chain always has a live member.
type detachedClock struct {
	since   time.Time // zero: no detached process of the run now
	empties int       // sweeps in a row that found none
}

// observe takes in the detached processes one sweep found.
func (c *detachedClock) observe(detached []process, now time.Time) {
	if len(detached) == 0 {
		// A sweep may read past a child as it moves from its dying
		// parent to cleanexit: only two in a row end the stretch.
		if c.empties++; c.empties >= 2 {
			c.since = time.Time{}
		}
		return
	}
	c.empties = 0
	for _, p := range detached {
		if start := now.Add(-p.age); c.since.IsZero() || start.Before(c.since) {
			c.since = start
		}
	}
}

// over says whether the run has had detached processes for longer than
// limit.
func (c *detachedClock) over(now time.Time, limit time.Duration) bool {
	return !c.since.IsZero() && now.Sub(c.since) > limit
}

// expire puts the clock past limit: once the run has timed out, whatever
// of it detaches, a child forked as its parent was killed, is late at once.
func (c *detachedClock) expire(now time.Time, limit time.Duration) {
	if t := now.Add(-limit - time.Millisecond); c.since.IsZero() || t.Before(c.since) {
		c.since = t
	}
	c.empties = 0
}
