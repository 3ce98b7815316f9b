package pep440

import (
	"errors"
	"strings"
	"testing"
)

func TestSpecifierContains(t *testing.T) {
	type check struct {
		version string
		want    bool
	}
	tests := []struct {
		spec        string
		prereleases bool
		checks      []check
	}{
		{">=3.10,<3.14", false, []check{
			{"3.9.18", false}, {"3.10", true}, {"3.10.0", true}, {"3.11.7", true},
			{"3.13.0", true}, {"3.14.0", false}, {"3.14.0rc1", false}, {"3.13.1+local", true},
		}},
		{" >= 3.10 , < 3.14 ", false, []check{{"3.12.1", true}, {"3.14", false}}},
		// Prefix matching: release numbers only, padded with zeros.
		{"==3.12.*", false, []check{
			{"3.12", true}, {"3.12.0", true}, {"3.12.1", true}, {"3.12.1.post1", true},
			{"3.12.1+local", true}, {"3.1", false}, {"3.13.0", false}, {"3.120", false},
			{"1!3.12.1", false},
		}},
		{"==3.12.*", true, []check{{"3.12.0rc1", true}, {"3.12.0.dev1", true}, {"3.13.0a1", false}}},
		{"==1.*", false, []check{{"1", true}, {"1.9", true}, {"2.0", false}}},
		{"!=3.12.*", false, []check{{"3.11.9", true}, {"3.12.4", false}, {"3.13.0", true}}},
		// Compatible release.
		{"~=3.9", false, []check{{"3.8", false}, {"3.9", true}, {"3.13.0", true}, {"4.0", false}}},
		{"~=2.2.0", false, []check{{"2.2.0", true}, {"2.2.9", true}, {"2.3", false}, {"2.1.9", false}}},
		{"~=1.4.5a4", false, []check{{"1.4.5a4", true}, {"1.4.5a3", false}, {"1.4.5", true}, {"1.4.6", true}, {"1.5", false}}},
		{"~=2.2.post3", false, []check{{"2.2.post3", true}, {"2.2", false}, {"2.9", true}, {"3.0", false}}},
		{"~=1!1.2", false, []check{{"1!1.5", true}, {"1.5", false}}},
		// Exclusion and exact matching, with and without local labels.
		{"!=3.11.2", false, []check{{"3.11.2", false}, {"3.11.2+local", false}, {"3.11.1", true}, {"3.11.20", true}}},
		{"==1.0", false, []check{{"1.0", true}, {"1.0.0", true}, {"1.0+cpu", true}, {"1.0.post1", false}}},
		{"==1.0+cpu", false, []check{{"1.0+cpu", true}, {"1.0", false}, {"1.0+cu121", false}}},
		{"!=1.0+cpu", false, []check{{"1.0+cpu", false}, {"1.0", true}}},
		// Ordered comparisons.
		{"<=2.0", false, []check{{"2.0", true}, {"2.0+local", true}, {"2.0.post1", false}, {"1.9", true}}},
		{">=2.0", false, []check{{"2.0", true}, {"2.0+local", true}, {"1.9.9+local", false}}},
		{"<3.14", true, []check{{"3.14.0rc1", false}, {"3.14.0.dev0", false}, {"3.13.0rc1", true}}},
		{"<3.14rc2", true, []check{{"3.14.0rc1", true}, {"3.14rc2", false}}},
		// "<" naming a pre-release does not admit pre-releases (packaging agrees).
		{"<3.14rc2", false, []check{{"3.14.0rc1", false}, {"3.13", true}}},
		{">1.7", false, []check{{"1.7.1", true}, {"1.7.post1", false}, {"1.7+local", false}, {"1.7", false}}},
		{">1.7.post2", false, []check{{"1.7.post3", true}, {"1.7.post2", false}, {"1.7.1", true}}},
		{"<1.0", false, []check{{"1.0+local", false}, {"0.9+local", true}}},
		// Pre-releases: admitted by the caller or by a clause naming one.
		{">=3.10", false, []check{{"3.14.0rc1", false}, {"3.13.0", true}}},
		{">=3.10", true, []check{{"3.14.0rc1", true}}},
		{">=3.14.0rc1", false, []check{{"3.14.0rc2", true}, {"3.15.0a1", true}}},
		{"!=3.14.0rc1", false, []check{{"3.14.0rc2", false}}},
		{"~=3.14.0rc1", false, []check{{"3.14.0rc2", true}}},
		{"===3.14.0rc1", false, []check{{"3.14.0rc1", true}}},
		{"", false, []check{{"0", true}, {"99.0", true}, {"1.0a1", false}}},
		{"", true, []check{{"1.0a1", true}}},
		// Arbitrary equality: a case-insensitive string match.
		{"===1.0", false, []check{{"1.0", true}, {"1.0.0", false}, {"1.0+local", false}}},
		{"===1.0+ABC", false, []check{{"1.0+abc", true}}},
		{"===foobar", false, []check{{"1.0", false}}},
	}
	for _, tt := range tests {
		s, err := ParseSpecifier(tt.spec)
		if err != nil {
			t.Errorf("ParseSpecifier(%q): %v", tt.spec, err)
			continue
		}
		for _, c := range tt.checks {
			if got := s.Contains(mustVersion(t, c.version), tt.prereleases); got != c.want {
				t.Errorf("%q.Contains(%s, prereleases=%v) = %v, want %v", tt.spec, c.version, tt.prereleases, got, c.want)
			}
		}
	}
}

func TestSpecifierString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{">=3.10,<3.14", ">=3.10,<3.14"},
		{" >= 3.10 ,<3.14 ", ">=3.10,<3.14"},
		{"<3.14,>=3.10", "<3.14,>=3.10"},
		{"==v3.12.*", "==3.12.*"},
		{"~=3.9.0", "~=3.9.0"},
		{"!=1.0-ALPHA-1", "!=1.0a1"},
		{"===Foo-Bar", "===Foo-Bar"},
		{"==1.0+CPU", "==1.0+cpu"},
	}
	for _, tt := range tests {
		s, err := ParseSpecifier(tt.in)
		if err != nil {
			t.Errorf("ParseSpecifier(%q): %v", tt.in, err)
			continue
		}
		if got := s.String(); got != tt.want {
			t.Errorf("ParseSpecifier(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseSpecifierErrors(t *testing.T) {
	tests := []struct {
		in      string
		clause  string
		offset  int
		wantMsg string
	}{
		{">=1,", "", 4, `expected a version clause after ","`},
		{",>=1", "", 0, `expected a version clause before ","`},
		{">=1,,<2", "", 4, `expected a version clause after ","`},
		{"==", "==", 0, `expected version after "=="`},
		{">=3.10, <", "<", 8, `expected version after "<"`},
		{"===", "===", 0, `"===" needs a value`},
		{"=== a b", "=== a b", 0, `cannot contain whitespace`},
		{"3.10", "3.10", 0, "expected an operator (==, !=, <=, >=, <, >, ~=, ===) before \"3.10\""},
		{"=3.10", "=3.10", 0, `"=" is not an operator; use "=="`},
		{">=3.x", ">=3.x", 0, `invalid version "3.x" after ">=": unexpected ".x" after "3"`},
		{">=3.*", ">=3.*", 0, `".*" is only allowed with == and !=`},
		{"~=3.*", "~=3.*", 0, `".*" is only allowed with == and !=`},
		{"==3.12a1.*", "==3.12a1.*", 0, `".*" must follow release numbers only`},
		{"==3.*.1", "==3.*.1", 0, `invalid version "3.*.1"`},
		{"~=3", "~=3", 0, `"~=" needs at least two release numbers`},
		{">=1.0+cpu", ">=1.0+cpu", 0, `a local version label ("+cpu") is only allowed with == and !=`},
		{"~=1.0+cpu", "~=1.0+cpu", 0, `a local version label`},
		{">=1, ~=2", "~=2", 5, `"~=" needs at least two release numbers`},
	}
	for _, tt := range tests {
		_, err := ParseSpecifier(tt.in)
		var se *SpecifierError
		if !errors.As(err, &se) {
			t.Errorf("ParseSpecifier(%q) error = %v, want *SpecifierError", tt.in, err)
			continue
		}
		if se.Clause != tt.clause || se.Offset != tt.offset || !strings.Contains(se.Msg, tt.wantMsg) {
			t.Errorf("ParseSpecifier(%q) = clause %q offset %d msg %q; want clause %q offset %d msg containing %q",
				tt.in, se.Clause, se.Offset, se.Msg, tt.clause, tt.offset, tt.wantMsg)
		}
		if !strings.Contains(err.Error(), tt.in) {
			t.Errorf("error %q does not quote the specifier %q", err, tt.in)
		}
	}
}
