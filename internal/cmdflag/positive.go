package cmdflag

import (
	"fmt"
	"strconv"
	"time"
)

// Count is an int flag that takes 1 to max (max 0: no limit). Its zero
// default stays "not given": a 0, or a negative count, written on the
// command line is refused, where flag.IntVar would take -j 0 or --repeat 0
// and run with a meaning nobody asked for.
func Count(p *int, max int) *count { return &count{p, max} }

type count struct {
	p   *int
	max int
}

func (c *count) String() string {
	if c == nil || c.p == nil || *c.p == 0 {
		return ""
	}
	return strconv.Itoa(*c.p)
}

func (c *count) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return fmt.Errorf("%q is not a count", s)
	case n < 1 || c.max > 0 && n > c.max:
		if c.max > 0 {
			return fmt.Errorf("want 1 to %d, not %d", c.max, n)
		}
		return fmt.Errorf("want 1 or more, not %d", n)
	}
	*c.p = n
	return nil
}

// Duration is a time.Duration flag that refuses a limit of 0 or less: a
// timeout of 0 would otherwise mean "the default", silently.
func Duration(p *time.Duration) *duration { return &duration{p} }

type duration struct{ p *time.Duration }

func (d *duration) String() string {
	if d == nil || d.p == nil || *d.p == 0 {
		return ""
	}
	return d.p.String()
}

func (d *duration) Set(s string) error {
	v, err := ParseDuration(s)
	if err != nil {
		return err
	}
	*d.p = v
	return nil
}

// ParseDuration reads a limit greater than 0 (30s, 5m), for a flag or the
// variable that sets it.
func ParseDuration(s string) (time.Duration, error) {
	v, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return 0, fmt.Errorf("%q is not a duration (write 30s, 5m, 1h)", s)
	case v <= 0:
		return 0, fmt.Errorf("want a duration greater than 0, not %s", s)
	}
	return v, nil
}
