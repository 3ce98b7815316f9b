package cases

import (
	"reflect"
	"strings"
	"testing"
)

// markerLines finds txtar's file markers by txtar's own rule, on the lines
// they are written on.
func TestMarkerLines(t *testing.T) {
	tests := []struct {
		archive string
		want    []int
	}{
		{"\n-- a --\nx\n-- b --\n", []int{2, 4}},
		{"abc --\n-- a --\n", []int{2}},
		{"abc x --\n-- a --\n", []int{2}},
		{"-- abc--\n-- a --\n", []int{2}},
		{"--  --\n-- --\n-- a --", []int{3}},
		{"-- a --\r\nx\r\n-- b --\r\n", []int{1, 3}},
	}
	for _, tt := range tests {
		if got := markerLines([]byte(tt.archive)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("markerLines(%q) = %v, want %v", tt.archive, got, tt.want)
		}
	}
}

func TestShortenAndCRLF(t *testing.T) {
	sixty := strings.Repeat("a", 60)
	if got := shorten(sixty); got != sixty {
		t.Errorf("shorten(60 bytes) = %q, want it whole", got)
	}
	long := strings.Repeat("a", 40) + strings.Repeat("b", 6) + strings.Repeat("c", 15)
	if got := shorten(long); got != strings.Repeat("a", 40)+"…"+strings.Repeat("c", 15) {
		t.Errorf("shorten(61 bytes) = %q", got)
	}
	for _, tt := range []struct {
		data string
		want int
	}{{"\r\nx", 1}, {"a\nb\r\n", 2}, {"a\nb\n", 0}} {
		if got := crlfLine([]byte(tt.data)); got != tt.want {
			t.Errorf("crlfLine(%q) = %d, want %d", tt.data, got, tt.want)
		}
	}
}
