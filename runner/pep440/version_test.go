package pep440

import (
	"slices"
	"strings"
	"testing"
)

func mustVersion(t testing.TB, s string) Version {
	t.Helper()
	v, err := ParseVersion(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestParseVersionNormalizes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1.0", "1.0"},
		{"v1.0", "1.0"},
		{"V1.0", "1.0"},
		{" 1.0\n", "1.0"},
		{"1!2.0", "1!2.0"},
		{"0!2.0", "2.0"},
		{"01.002.0003", "1.2.3"},
		{"1.0a1", "1.0a1"},
		{"1.0A1", "1.0a1"},
		{"1.0alpha1", "1.0a1"},
		{"1.0-alpha.1", "1.0a1"},
		{"1.0_beta_2", "1.0b2"},
		{"1.0c3", "1.0rc3"},
		{"1.0pre3", "1.0rc3"},
		{"1.0preview3", "1.0rc3"},
		{"1.0.RC3", "1.0rc3"},
		{"1.0a", "1.0a0"},
		{"1.0a-", "1.0a0"},
		{"1.0a.post1", "1.0a0.post1"},
		{"1.0-1", "1.0.post1"},
		{"1.0post", "1.0.post0"},
		{"1.0.post2", "1.0.post2"},
		{"1.0-r4", "1.0.post4"},
		{"1.0_rev4", "1.0.post4"},
		{"1.0.dev", "1.0.dev0"},
		{"1.0-dev-7", "1.0.dev7"},
		{"1.0rc1.post2.dev3", "1.0rc1.post2.dev3"},
		{"1.0+Ubuntu-1", "1.0+ubuntu.1"},
		{"1.0+abc_007.X", "1.0+abc.7.x"},
		{"3.14.0rc1", "3.14.0rc1"},
		{"2024.1.15", "2024.1.15"},
	}
	for _, tt := range tests {
		v, err := ParseVersion(tt.in)
		if err != nil {
			t.Errorf("ParseVersion(%q): %v", tt.in, err)
			continue
		}
		if got := v.String(); got != tt.want {
			t.Errorf("ParseVersion(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseVersionErrors(t *testing.T) {
	tests := []struct{ in, wantErr string }{
		{"", "empty version"},
		{"   ", "empty version"},
		{"x", "starts with a number"},
		{"3.x", `unexpected ".x" after "3"`},
		{"1.0.", `unexpected "." after "1.0"`},
		{"1!", `expected a release number after the epoch "1!"`},
		{"1.0+", "local label"},
		{"1.0+a..b", "local label"},
		{"1.0 a1", `unexpected " a1"`},
		{"1.0-", `unexpected "-"`},
		{"1.0abc", `unexpected "bc"`},
		{"99999999999999999999999", "too large"},
		{"1.0+ü", "local label"},
	}
	for _, tt := range tests {
		_, err := ParseVersion(tt.in)
		if err == nil {
			t.Errorf("ParseVersion(%q) succeeded, want error containing %q", tt.in, tt.wantErr)
			continue
		}
		if !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("ParseVersion(%q) error %q, want it to contain %q", tt.in, err, tt.wantErr)
		}
	}
}

func TestVersionAccessors(t *testing.T) {
	tests := []struct {
		in         string
		release    []uint64
		public     string
		prerelease bool
	}{
		{"3.12.1", []uint64{3, 12, 1}, "3.12.1", false},
		{"3.14.0rc1", []uint64{3, 14, 0}, "3.14.0rc1", true},
		{"1.0.dev3", []uint64{1, 0}, "1.0.dev3", true},
		{"1.0.post1.dev0", []uint64{1, 0}, "1.0.post1.dev0", true},
		{"1.0.post1", []uint64{1, 0}, "1.0.post1", false},
		{"2.5.1+cu121", []uint64{2, 5, 1}, "2.5.1", false},
	}
	for _, tt := range tests {
		v := mustVersion(t, tt.in)
		if got := v.Release(); !slices.Equal(got, tt.release) {
			t.Errorf("%s.Release() = %v, want %v", tt.in, got, tt.release)
		}
		if got := v.Public().String(); got != tt.public {
			t.Errorf("%s.Public() = %s, want %s", tt.in, got, tt.public)
		}
		if got := v.IsPrerelease(); got != tt.prerelease {
			t.Errorf("%s.IsPrerelease() = %v, want %v", tt.in, got, tt.prerelease)
		}
	}
	if got := (Version{}).String(); got != "0" {
		t.Errorf("zero Version prints %q, want \"0\"", got)
	}
}
