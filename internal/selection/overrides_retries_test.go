package selection

import (
	"strings"
	"testing"
)

// Without --retries (0), every variant keeps its own retries.
func TestOverridesWithoutRetriesKeepTheVariants(t *testing.T) {
	runs := corpusRuns([]string{"3.12"})
	for _, r := range runs {
		v := *r.Variant
		v.Retries = 3
		r.Variant = &v
	}
	Overrides{}.Apply(runs)
	for _, r := range runs {
		if r.Variant.Retries != 3 {
			t.Errorf("%s: retries %d, want the variant's 3", r.ID, r.Variant.Retries)
		}
	}
}

// A bad line of a timing file is skipped, not the end of the file.
func TestParseTimesSkipsBadLines(t *testing.T) {
	got := parseTimes(strings.NewReader("garbage\n1.5 a/b\n-0 c/d\n-2 e/f\n"))
	if got["a/b"].Seconds != 1.5 || got["a/b"].Failed {
		t.Errorf("a/b = %+v, want 1.5s, passed", got["a/b"])
	}
	if !got["c/d"].Failed || !got["e/f"].Failed || got["e/f"].Seconds != 2 {
		t.Errorf("c/d = %+v, e/f = %+v, want both failed, e/f 2s", got["c/d"], got["e/f"])
	}
}
