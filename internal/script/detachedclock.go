package script

import "time"

// A fork-and-exit chain, each generation forking the next and exiting, is
// a tree whose members are each young: timed one by one, by age, it lives
// forever. Detached processes (orphans, and what is below them) are timed
// together instead, from the first sweep that found one, for as long as
// the sweeps find some without a break: a chain always has a live member.
// Not from their starts: a child that an interpreter killed at its
// timeout leaves behind is only detached from then on, and its run's
// verdict is the interpreter's; what is left of it when the script ends
// is named as left running.
type detachedClock struct {
	since   time.Time // zero: no detached process of the run now
	empties int       // sweeps in a row that found none
}

// observe takes in whether a sweep found detached processes.
func (c *detachedClock) observe(found bool, now time.Time) {
	if !found {
		// A sweep may read past a child as it moves from its dying
		// parent to cleanexit: only two in a row end the stretch.
		if c.empties++; c.empties >= 2 {
			c.since = time.Time{}
		}
		return
	}
	c.empties = 0
	if c.since.IsZero() {
		c.since = now
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
