package pep440

import "testing"

// pepOrdering is the example ordering from PEP 440 ("Summary of permitted
// suffixes and relative ordering"), extended at both ends.
var pepOrdering = []string{
	"0.9",
	"1.dev0",
	"1.0.dev456",
	"1.0a1",
	"1.0a2.dev456",
	"1.0a12.dev456",
	"1.0a12",
	"1.0b1.dev456",
	"1.0b2",
	"1.0b2.post345.dev456",
	"1.0b2.post345",
	"1.0rc1.dev456",
	"1.0rc1",
	"1.0",
	"1.0+abc.5",
	"1.0+abc.7",
	"1.0+5",
	"1.0.post456.dev34",
	"1.0.post456",
	"1.0.15",
	"1.1.dev1",
	"1!0.1",
}

func TestCompareFollowsPEPOrdering(t *testing.T) {
	for i, a := range pepOrdering {
		for j, b := range pepOrdering {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := Compare(mustVersion(t, a), mustVersion(t, b)); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"1.0", "1.0.0", 0},
		{"1.0", "1", 0},
		{"v1.0", "1.0", 0},
		{"1.0a", "1.0a0", 0},
		{"1.0-1", "1.0.post1", 0},
		{"3.9", "3.10", -1},
		{"3.10.0", "3.9.18", 1},
		{"2.0", "1!1.0", -1},
		{"1.0+1", "1.0+01", 0},
		{"1.0+a", "1.0+a.0", -1},
		{"1.0+abc", "1.0+abd", -1},
		{"1.0+9", "1.0+10", -1},
		{"1.0+abc", "1.0+1", -1},
		{"1.0.dev1", "1.0a1.dev1", -1},
		{"1.0.post1.dev1", "1.0.post1", -1},
		{"1.0.post1.dev1", "1.0", 1},
		{"1.0rc1.post1", "1.0rc2.dev0", -1},
		{"3.14.0rc1", "3.14", -1},
		{"18446744073709551615", "18446744073709551614", 1},
	}
	for _, tt := range tests {
		a, b := mustVersion(t, tt.a), mustVersion(t, tt.b)
		if got := Compare(a, b); got != tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Compare(b, a); got != -tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}
