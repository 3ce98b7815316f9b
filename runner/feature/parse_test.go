package feature

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// hasOnly returns a has function for exactly the given features.
func hasOnly(features ...string) func(string) bool {
	return func(name string) bool { return slices.Contains(features, name) }
}

func TestParseAndEval(t *testing.T) {
	tests := []struct {
		in      string
		canon   string
		has     []string
		want    bool
		wantNot []string // a feature set where the expression is false; nil to skip
	}{
		{"linux", "linux", []string{"linux"}, true, []string{"darwin"}},
		{"!linux", "!linux", []string{"darwin"}, true, []string{"linux"}},
		{"!!linux", "linux", []string{"linux"}, true, []string{}},
		{"  linux\t&&\n!free-threading ", "linux && !free-threading", []string{"linux"}, true, []string{"linux", "free-threading"}},
		// && binds tighter than ||: a || (b && c).
		{"darwin || linux && cuda", "darwin || linux && cuda", []string{"darwin"}, true, []string{"linux"}},
		{"(darwin || linux) && cuda", "(darwin || linux) && cuda", []string{"linux", "cuda"}, true, []string{"darwin"}},
		// ! binds tighter than &&: (!a) && b.
		{"!linux && cuda", "!linux && cuda", []string{"cuda"}, true, []string{"linux", "cuda"}},
		{"!(linux && cuda)", "!(linux && cuda)", []string{"linux"}, true, []string{"linux", "cuda"}},
		{"!(linux || cuda)", "!(linux || cuda)", []string{"darwin"}, true, []string{"cuda"}},
		{"((linux))", "linux", []string{"linux"}, true, []string{}},
		{"(a || b) || c", "a || b || c", []string{"c"}, true, []string{}},
		{"a && (b && c)", "a && b && c", []string{"a", "b", "c"}, true, []string{"a", "b"}},
		{"a&&b||c&&d", "a && b || c && d", []string{"c", "d"}, true, []string{"a", "c"}},
		{"python3.13 && !python2.7", "python3.13 && !python2.7", []string{"python3.13"}, true, []string{"python3.12"}},
		{"c++_x.y-z", "c++_x.y-z", []string{"c++_x.y-z"}, true, []string{}},
		{"*", "*", []string{}, true, nil},
		{" * ", "*", []string{}, true, nil},
	}
	for _, tt := range tests {
		x, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := x.String(); got != tt.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.canon)
		}
		if got := x.Eval(hasOnly(tt.has...)); got != tt.want {
			t.Errorf("Parse(%q).Eval(%v) = %v, want %v", tt.in, tt.has, got, tt.want)
		}
		if tt.wantNot != nil {
			if got := x.Eval(hasOnly(tt.wantNot...)); got {
				t.Errorf("Parse(%q).Eval(%v) = true, want false", tt.in, tt.wantNot)
			}
		}
		again, err := Parse(x.String())
		if err != nil || again.String() != x.String() {
			t.Errorf("canonical %q reparses as %v, %v", x.String(), again, err)
		}
	}
}

func TestEvalNilHas(t *testing.T) {
	x, err := Parse("!linux")
	if err != nil {
		t.Fatal(err)
	}
	if !x.Eval(nil) {
		t.Errorf("Eval(nil) of !linux = false, want true (no feature available)")
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"*", nil},
		{"linux", []string{"linux"}},
		{"linux && !macos || (linux && cuda)", []string{"cuda", "linux", "macos"}},
		{"!(b || a) && !c", []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		x, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := x.Names(); !slices.Equal(got, tt.want) {
			t.Errorf("Parse(%q).Names() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in  string
		col int
		msg string
	}{
		{"", 1, "empty expression"},
		{"   ", 1, "empty expression"},
		{"linux &&", 9, `expected a feature name after "&&"`},
		{"linux && ", 10, `expected a feature name after "&&"`},
		{"linux || && cuda", 10, `expected a feature name after "||", found "&&"`},
		{"&& linux", 1, `expected a feature name, found "&&"`},
		{"!", 2, `expected a feature name after "!"`},
		{"!)", 2, `expected a feature name after "!", found ")"`},
		{"()", 2, `expected a feature name after "(", found ")"`},
		{"(linux", 7, `expected ")" to close "(" at col 1`},
		{"((linux)", 9, `expected ")" to close "(" at col 1`},
		{"(linux cuda)", 8, `expected "&&", "||" or ")" to close "(" at col 1, found "cuda"`},
		{"linux)", 6, `unexpected ")" with no matching "("`},
		{")", 1, `unexpected ")" with no matching "("`},
		{"linux darwin", 7, `unexpected "darwin" after "linux": join features with "&&" or "||"`},
		{"linux (cuda)", 7, `unexpected "(" after "linux": join features with "&&" or "||"`},
		{"linux and cuda", 7, `unexpected "and": write "&&", "||" and "!"`},
		{"linux & cuda", 7, `expected "&&", found "&"`},
		{"linux | cuda", 7, `expected "||", found "|"`},
		{"linux |", 7, `expected "||", found "|"`},
		{"linux$", 6, `unexpected character "$"; a feature name has only letters, digits and "_.+-"`},
		{"linux ≠ cuda", 7, `unexpected character "≠"; a feature name has only letters, digits and "_.+-"`},
		{"a\xff", 2, `unexpected character "\xff"; a feature name has only letters, digits and "_.+-"`},
		{"* && linux", 3, `"*" must be the whole expression (it matches everywhere), found "&&" after it`},
		{"linux || *", 10, `"*" must be the whole expression (it matches everywhere)`},
		{"!*", 2, `"*" must be the whole expression (it matches everywhere)`},
		{"**", 2, `"*" must be the whole expression (it matches everywhere), found "*" after it`},
		{strings.Repeat("(", 101) + "a" + strings.Repeat(")", 101), 101, "parentheses nested more than 100 deep"},
	}
	for _, tt := range tests {
		x, err := Parse(tt.in)
		var fe *Error
		if !errors.As(err, &fe) {
			t.Errorf("Parse(%q) = %v, %v; want *Error at col %d: %s", tt.in, x, err, tt.col, tt.msg)
			continue
		}
		if x != nil {
			t.Errorf("Parse(%q) returned %v with its error, want nil", tt.in, x)
		}
		if fe.Col != tt.col || fe.Msg != tt.msg {
			t.Errorf("Parse(%q) error:\n  col %d: %s\nwant\n  col %d: %s", tt.in, fe.Col, fe.Msg, tt.col, tt.msg)
		}
	}
	if _, err := Parse(strings.Repeat("(", 100) + "a" + strings.Repeat(")", 100)); err != nil {
		t.Errorf("100 nested parentheses: %v", err)
	}
}

func TestErrorString(t *testing.T) {
	_, err := Parse("linux &&")
	if got, want := err.Error(), `feature: col 9: expected a feature name after "&&"`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
