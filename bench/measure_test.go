package main

import (
	"strings"
	"testing"
	"time"
)

// TestAlternateTakesTurnsGoingFirst: every other pair runs b first, and
// each measurement still lands on its own side.
func TestAlternateTakesTurnsGoingFirst(t *testing.T) {
	var order []string
	side := func(name string, wall time.Duration) trial {
		return func() (time.Duration, time.Duration, error) {
			order = append(order, name)
			return wall, wall / 2, nil
		}
	}
	p, err := alternate(4, side("a", 3*time.Millisecond), side("b", 2*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(order, " "), "a b b a a b b a"; got != want {
		t.Errorf("order %q, want %q", got, want)
	}
	for i := range 4 {
		if p.a[i] != 3*time.Millisecond || p.b[i] != 2*time.Millisecond || p.aCPU[i] != 1500*time.Microsecond || p.bCPU[i] != time.Millisecond {
			t.Errorf("pair %d: a %v (CPU %v), b %v (CPU %v); want each on its own side", i, p.a[i], p.aCPU[i], p.b[i], p.bCPU[i])
		}
	}
}
