package main

import (
	"math"
	"math/big"
	"slices"
	"testing"
)

func TestMedianInterval(t *testing.T) {
	// 1..n, shuffled the same way each time: the interval is the kth
	// smallest and kth largest, whatever the order.
	upTo := func(n int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64((i*7)%n + 1)
		}
		return xs
	}
	tests := []struct {
		n      int
		ok     bool
		lo, hi float64
	}{
		{0, false, 0, 0},
		{5, false, 0, 0}, // the widest interval, min–max, covers only 93.75%
		{6, true, 1, 6},  // min–max: 1 - 2/64
		{15, true, 4, 12},
		{31, true, 10, 22},
		{45, true, 16, 30},
	}
	for _, tt := range tests {
		xs := upTo(tt.n)
		before := slices.Clone(xs)
		lo, hi, ok := medianInterval(xs)
		if ok != tt.ok || lo != tt.lo || hi != tt.hi {
			t.Errorf("n=%d: [%v, %v] %v, want [%v, %v] %v", tt.n, lo, hi, ok, tt.lo, tt.hi, tt.ok)
		}
		if !slices.Equal(xs, before) {
			t.Errorf("n=%d: the pairs were reordered", tt.n)
		}
	}
}

// TestMedianIntervalCoverage checks each n's k against exact binomial
// sums in integers: at most 2.5% of Binomial(n, ½) lies below k, and
// more than that below k+1, so the interval is the narrowest with 95%.
func TestMedianIntervalCoverage(t *testing.T) {
	for n := 6; n <= 200; n++ {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(i + 1)
		}
		lo, hi, ok := medianInterval(xs)
		k := int(lo)
		if !ok || int(hi) != n-k+1 {
			t.Fatalf("n=%d: [%v, %v] %v is not the kth smallest and kth largest", n, lo, hi, ok)
		}
		below := func(k int) *big.Rat { // P(B < k)
			sum := new(big.Int)
			for j := 0; j < k; j++ {
				sum.Add(sum, new(big.Int).Binomial(int64(n), int64(j)))
			}
			return new(big.Rat).SetFrac(sum, new(big.Int).Lsh(big.NewInt(1), uint(n)))
		}
		limit := big.NewRat(25, 1000)
		if below(k).Cmp(limit) > 0 {
			t.Errorf("n=%d: k=%d leaves %s below it, more than 2.5%%", n, k, below(k).FloatString(4))
		}
		if below(k+1).Cmp(limit) <= 0 {
			t.Errorf("n=%d: k=%d is not the largest: k+1 leaves %s", n, k, below(k+1).FloatString(4))
		}
	}
	// Where ½ⁿ underflows a float64, the interval is still near the
	// normal approximation's n/2 ± 0.98√n.
	n := 3000
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = float64(i + 1)
	}
	lo, _, ok := medianInterval(xs)
	if want := float64(n)/2 - 0.98*math.Sqrt(float64(n)); !ok || math.Abs(lo-want) > 2 {
		t.Errorf("n=%d: lower end %v, want about %.0f", n, lo, want)
	}
}
