package suggest

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "ab", 2}, {"SIGABORT", "SIGABRT", 1},
		{"darwn", "darwin", 1}, {"kitten", "sitting", 3}, {"exitt", "exit", 1},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"exit", "env", "stderr"}
	if got := Closest("exitt", names, 2); got != "exit" {
		t.Errorf("got %q", got)
	}
	if got := Closest("colour", names, 2); got != "" {
		t.Errorf("got %q, want no suggestion", got)
	}
}
