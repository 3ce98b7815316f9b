package main

import (
	"strings"
	"testing"
)

// A ratio cell carries its 95% interval where the pairs allow one, and the
// verdict still reads the median alone.
func TestPrintRowsInterval(t *testing.T) {
	fifteen := []float64{1.08, 1.02, 1.15, 1.00, 1.07, 1.23, 1.06, 0.99, 1.07, 0.94, 1.13, 1.01, 1.20, 1.06, 1.04}
	tests := []struct {
		name   string
		ratios []float64
		cell   string
		judged string
	}{
		{"15 pairs", fifteen, "**1.06** [1.01–1.13] (1.08 1.02", "| ≤ 1.10× | met |"},
		{"5 pairs", []float64{1.2, 1.1, 1.3, 1.0, 1.15}, "**1.15** (1.20 1.10", "| ≤ 1.10× | **missed** |"},
	}
	for _, tt := range tests {
		var b strings.Builder
		printRows(&b, []row{{name: tt.name, ratios: tt.ratios, target: 1.10}})
		if out := b.String(); !strings.Contains(out, tt.cell) || !strings.Contains(out, tt.judged) {
			t.Errorf("%s: %q, want %q and %q in it", tt.name, out, tt.cell, tt.judged)
		}
	}
}
