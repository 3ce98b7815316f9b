package lazyregexp

import (
	"regexp"
	"slices"
	"strings"
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

// TestCheck: Check finds a pattern that does not parse, made and not yet
// used; and nothing is compiled before first use.
func TestCheck(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatalf("before any bad pattern: %v", err)
	}
	r := New(`x+`)
	if r.rx != nil {
		t.Fatal("compiled at New")
	}
	if !r.MatchString("xx") || r.rx == nil {
		t.Error("not compiled, or wrong, at first use")
	}
	bad := New(`(`)
	defer func() {
		made.mu.Lock()
		made.list = slices.DeleteFunc(made.list, func(r *Regexp) bool { return r == bad })
		made.mu.Unlock()
	}()
	if err := Check(); err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Errorf("Check() = %v, want the bad pattern's error", err)
	}
}
