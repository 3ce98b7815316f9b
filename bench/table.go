package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// A row is one line of the result table: a measurement of cleanexit, and
// either a baseline it is compared with pair by pair (target: a ratio), an
// absolute limit, or a judgement made by the workload (judged, met).
type row struct {
	name string
	cmd  string // what was measured, for the reader who reruns it
	a    []time.Duration

	baseline string
	b        []time.Duration
	ratios   []float64
	cpuRatio float64 // median CPU time ratio, pair by pair; 0: not measured
	target   float64 // the ratio a/b must be at most this; 0: for information

	limit    time.Duration // the median of a must be at most this
	memory   int64         // bytes
	memLimit int64

	note   string
	judged bool
	met    bool
}

// verdict says whether the row meets its target, "" when it has none.
func (r row) verdict() string {
	var ok bool
	switch {
	case r.judged:
		ok = r.met
	case r.target > 0:
		ok = median(r.ratios) <= r.target
	case r.limit > 0:
		ok = median(r.a) <= r.limit
	case r.memLimit > 0:
		ok = r.memory <= r.memLimit
	default:
		return ""
	}
	if ok {
		return "met"
	}
	return "**missed**"
}

func (r row) targetText() string {
	switch {
	case r.target > 0:
		return fmt.Sprintf("≤ %.2f×", r.target)
	case r.limit > 0:
		return "≤ " + secs(r.limit)
	case r.memLimit > 0:
		return fmt.Sprintf("≤ %d MiB", r.memLimit>>20)
	case r.judged:
		return "flat (×≤1.25)"
	}
	return ""
}

// printHeader starts the Markdown table of results, ready to quote; rows
// follow as each workload finishes.
func printHeader(w io.Writer) {
	fmt.Fprintln(w, "| workload | cleanexit: median (min–max) | baseline | baseline: median (min–max) | ratio: median [95% interval] (pair by pair) | target | |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
}

// printRows writes rows of the table.
func printRows(w io.Writer, rows []row) {
	for _, r := range rows {
		a := spread(r.a)
		if r.memLimit > 0 {
			a = fmt.Sprintf("%.0f MiB", float64(r.memory)/(1<<20))
		}
		if r.note != "" {
			if len(r.a) == 0 && r.memLimit == 0 {
				a = r.note
			} else {
				a += "; " + r.note
			}
		}
		ratio := ""
		if len(r.ratios) > 0 {
			var each []string
			for _, x := range r.ratios {
				each = append(each, fmt.Sprintf("%.2f", x))
			}
			ratio = fmt.Sprintf("**%.2f**", median(r.ratios))
			if lo, hi, ok := medianInterval(r.ratios); ok {
				ratio += fmt.Sprintf(" [%.2f–%.2f]", lo, hi)
			}
			ratio += " (" + strings.Join(each, " ") + ")"
		}
		if r.cpuRatio > 0 {
			ratio += fmt.Sprintf("; CPU time %.2f", r.cpuRatio)
		}
		b := ""
		if len(r.b) > 0 {
			b = spread(r.b)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s |\n", r.name, a, r.baseline, b, ratio, r.targetText(), r.verdict())
	}
}
