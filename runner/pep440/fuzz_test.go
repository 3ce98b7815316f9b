package pep440

import "testing"

// FuzzParseSpecifier checks that no input panics and that what parses
// prints as a specifier that parses back to the same text.
func FuzzParseSpecifier(f *testing.F) {
	for _, s := range []string{">=3.10,<3.14", "==3.12.*", "~=3.9", "!=3.11.2", "===x", "==1.0+cpu", ">=1,", "1!2.0rc1.post2.dev3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseSpecifier(s)
		if err != nil {
			return
		}
		again, err := ParseSpecifier(spec.String())
		if err != nil {
			t.Fatalf("ParseSpecifier(%q).String() = %q does not parse: %v", s, spec.String(), err)
		}
		if again.String() != spec.String() {
			t.Fatalf("String not stable: %q -> %q -> %q", s, spec.String(), again.String())
		}
		v, _ := ParseVersion(s)
		spec.Contains(v, false)
	})
}

// FuzzParseVersion checks that String is a normal form that parses back to
// an equal version.
func FuzzParseVersion(f *testing.F) {
	for _, s := range pepOrdering {
		f.Add(s)
	}
	f.Add("v1.0-ALPHA.1_post-2.dev+Ubuntu-01")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVersion(s)
		if err != nil {
			return
		}
		again, err := ParseVersion(v.String())
		if err != nil {
			t.Fatalf("ParseVersion(%q).String() = %q does not parse: %v", s, v.String(), err)
		}
		if again.String() != v.String() || Compare(v, again) != 0 {
			t.Fatalf("not a normal form: %q -> %q -> %q", s, v.String(), again.String())
		}
	})
}
