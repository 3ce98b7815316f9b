package cache

import (
	"testing"
	"time"
)

// An age is a Go duration or a count of days; anything else, a negative
// age or one no duration holds is refused, never taken for 0 or forever.
func TestParseAge(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"7d", 7 * 24 * time.Hour, true},
		{"1.5d", 36 * time.Hour, true},
		{"0d", 0, true},
		{"12h", 12 * time.Hour, true},
		{"0s", 0, true},
		{"soon", 0, false},
		{"d", 0, false},
		{"-1d", 0, false},
		{"-2h", 0, false},
		{"NaNd", 0, false},
		{"Infd", 0, false},
		{"1e9d", 0, false},
		{"", 0, false},
	} {
		got, err := parseAge(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseAge(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestHumanSize(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 1536: "1.5 KiB",
		5 << 20: "5.0 MiB", 3 << 30: "3.0 GiB", 2 << 40: "2.0 TiB", 4096 << 40: "4096.0 TiB",
	} {
		if got := humanSize(n); got != want {
			t.Errorf("humanSize(%d) = %q, want %q", n, got, want)
		}
	}
}
