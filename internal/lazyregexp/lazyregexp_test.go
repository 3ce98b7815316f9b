package lazyregexp

import (
	"regexp"
	"slices"
	"testing"
)

// TestSameAsRegexp: each method answers as the compiled regexp does.
func TestSameAsRegexp(t *testing.T) {
	const pattern = `(?m)^(\w+)=(\d+)$`
	const text = "a=1\nb=x\nc=3\n"
	lazy, eager := New(pattern), regexp.MustCompile(pattern)
	if lazy.MatchString(text) != eager.MatchString(text) ||
		lazy.FindString(text) != eager.FindString(text) ||
		!slices.Equal(lazy.FindStringSubmatch(text), eager.FindStringSubmatch(text)) ||
		len(lazy.FindAllStringSubmatch(text, -1)) != 2 ||
		lazy.ReplaceAllString(text, "$1") != eager.ReplaceAllString(text, "$1") {
		t.Errorf("lazy %q answers otherwise than regexp does", pattern)
	}
}

// TestBadPatternFailsInTests: in a test binary a pattern is compiled by
// New, so that a bad one fails the package's tests at init, not in use.
func TestBadPatternFailsInTests(t *testing.T) {
	if !inTest {
		t.Fatalf("os.Args[0] is not taken for a test binary")
	}
	defer func() {
		if recover() == nil {
			t.Error("New(`(`) did not panic")
		}
	}()
	New(`(`)
}

// TestLazyOutsideTests: elsewhere nothing is compiled before first use.
func TestLazyOutsideTests(t *testing.T) {
	defer func(was bool) { inTest = was }(inTest)
	inTest = false
	r := New(`x+`)
	if r.rx != nil {
		t.Fatal("compiled at New")
	}
	if !r.MatchString("xx") || r.rx == nil {
		t.Error("not compiled, or wrong, at first use")
	}
}
