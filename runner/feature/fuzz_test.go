package feature

import (
	"errors"
	"testing"
)

// FuzzParse checks that no input panics, that errors are *Error pointing
// inside the input (or just past its end), and that String is a canonical
// form: it reparses to itself and evaluates the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"linux", "!linux && (darwin || cuda)", "*", "a&&b||!c", "python3.13 && !free-threading",
		"linux &&", "(linux", "linux)", "* && a", "linux darwin", "a & b", "((a))", "!!a",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := Parse(s)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("Parse(%q) error %T, want *Error", s, err)
			}
			if fe.Col < 1 || fe.Col > len(s)+1 {
				t.Fatalf("Parse(%q) error col %d outside 1..%d", s, fe.Col, len(s)+1)
			}
			return
		}
		canon := x.String()
		again, err := Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q does not parse: %v", s, canon, err)
		}
		if again.String() != canon {
			t.Fatalf("String not stable: %q -> %q -> %q", s, canon, again.String())
		}
		// Evaluate under a few feature sets derived from the names used.
		names := x.Names()
		for mask := 0; mask < 4; mask++ {
			has := func(n string) bool {
				for i, m := range names {
					if m == n {
						return (mask>>(i%2))&1 == 1
					}
				}
				return false
			}
			if x.Eval(has) != again.Eval(has) {
				t.Fatalf("%q and its canonical form %q evaluate differently", s, canon)
			}
		}
	})
}
