package bisect

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// revs are "1.0" … "1.<n-1>".
func revs(n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("1.%d", i))
	}
	return out
}

func TestSearchFindsEveryFirstBad(t *testing.T) {
	for n := 2; n <= 40; n++ {
		rs := revs(n)
		limit := int(math.Ceil(math.Log2(float64(n))))
		for firstBad := 1; firstBad < n; firstBad++ {
			judge := func(rev string) Step {
				if slices.Index(rs, rev) >= firstBad {
					return Step{Rev: rev, Verdict: Bad}
				}
				return Step{Rev: rev, Verdict: Good}
			}
			f, err := search(context.Background(), rs, judge, nil)
			if err != nil {
				t.Fatalf("n=%d firstBad=%d: %v", n, firstBad, err)
			}
			if f.firstBad != rs[firstBad] || f.lastGood != rs[firstBad-1] || !f.decisive() {
				t.Errorf("n=%d: found %s (last good %s, candidates %v), want %s", n, f.firstBad, f.lastGood, f.candidates, rs[firstBad])
			}
			if between := len(f.steps) - 2; between > limit {
				t.Errorf("n=%d firstBad=%d: %d steps between the ends, want ≤ ⌈log2 %d⌉ = %d", n, firstBad, between, n, limit)
			}
		}
	}
}

func TestSearchSkips(t *testing.T) {
	rs := revs(10) // first bad 1.6
	for _, tc := range []struct {
		name       string
		skip       []string
		firstBad   string
		candidates []string
	}{
		{"skip in the middle", []string{"1.4"}, "1.6", []string{"1.6"}},
		{"skip the last good: the change is one of two", []string{"1.5"}, "1.6", []string{"1.5", "1.6"}},
		{"skip the first bad itself", []string{"1.6"}, "1.7", []string{"1.6", "1.7"}},
		{"skip a run of versions", []string{"1.2", "1.3", "1.4"}, "1.6", []string{"1.6"}},
		{"skip after the change", []string{"1.7", "1.8"}, "1.6", []string{"1.6"}},
	} {
		var judged []string
		judge := func(rev string) Step {
			judged = append(judged, rev)
			switch {
			case slices.Contains(tc.skip, rev):
				return Step{Rev: rev, Verdict: Skip}
			case rev >= "1.6":
				return Step{Rev: rev, Verdict: Bad}
			}
			return Step{Rev: rev, Verdict: Good}
		}
		f, err := search(context.Background(), rs, judge, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if f.firstBad != tc.firstBad || !slices.Equal(f.candidates, tc.candidates) {
			t.Errorf("%s: first bad %s, candidates %v; want %s, %v (judged %v)", tc.name, f.firstBad, f.candidates, tc.firstBad, tc.candidates, judged)
		}
		for _, s := range f.skipped {
			if !slices.Contains(tc.skip, s) {
				t.Errorf("%s: %s reported skipped", tc.name, s)
			}
		}
		seen := map[string]bool{}
		for _, r := range judged {
			if seen[r] {
				t.Errorf("%s: %s judged twice (%v)", tc.name, r, judged)
			}
			seen[r] = true
		}
	}
}

func TestSearchEnds(t *testing.T) {
	for _, tc := range []struct {
		name    string
		verdict map[string]Verdict
		end     string
		msg     string
	}{
		{"good end already bad", map[string]Verdict{"1.0": Bad}, "good", "already bad"},
		{"bad end passes", map[string]Verdict{"1.0": Good, "1.9": Good}, "bad", "passes"},
		{"good end cannot run", map[string]Verdict{"1.0": Skip}, "good", "cannot be judged"},
		{"bad end cannot run", map[string]Verdict{"1.0": Good, "1.9": Skip}, "bad", "cannot be judged"},
	} {
		calls := 0
		_, err := search(context.Background(), revs(10), func(rev string) Step {
			calls++
			return Step{Rev: rev, Verdict: tc.verdict[rev]}
		}, nil)
		var ee *endError
		if !errors.As(err, &ee) || ee.End != tc.end {
			t.Errorf("%s: err = %v, want an endError at the %s end", tc.name, err, tc.end)
			continue
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: %q does not say %q", tc.name, err, tc.msg)
		}
		if calls > 2 {
			t.Errorf("%s: %d steps; a bad range must not be searched", tc.name, calls)
		}
	}
	if _, err := search(context.Background(), revs(1), nil, nil); err == nil {
		t.Error("one revision: no error")
	}
}
