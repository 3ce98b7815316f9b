package main

import (
	"math"
	"slices"
)

// medianInterval is a confidence interval of at least 95% for the median
// ratio, from the pairs alone: their kth smallest and kth largest, k the
// largest count for which fewer than k of n pairs fall below the true
// median with probability at most 2.5% (that count is Binomial(n, ½)).
// It assumes nothing of the spread's shape, which on a shared VM is not
// normal: slow spells give it a long right tail.
//
// Why the table shows it: a 15-pair median on this project's 2-CPU VM
// moves by a few percent from run to run of the same binaries, so a
// ratio just over or under its target says less than it seems to. The
// verdict still reads the median alone; the interval says how far to
// trust it. ok is false below 6 pairs, where no such interval exists.
func medianInterval(xs []float64) (lo, hi float64, ok bool) {
	n := len(xs)
	k := 0
	cdf := 0.0
	for j := 0; j < n; j++ {
		cdf += binomialHalf(n, j)
		if cdf > 0.025 {
			break
		}
		k = j + 1
	}
	if k == 0 {
		return 0, 0, false
	}
	s := slices.Sorted(slices.Values(xs))
	return s[k-1], s[n-k], true
}

// binomialHalf is P(B = j) for B ~ Binomial(n, ½), in logarithms so that
// ½ⁿ does not underflow for a large n.
func binomialHalf(n, j int) float64 {
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
	return math.Exp(lg(n) - lg(j) - lg(n-j) - float64(n)*math.Ln2)
}
