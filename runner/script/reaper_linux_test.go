package script

import (
	"testing"
	"time"
)

// TestParseStat: a command name may hold spaces and parentheses; the
// fields after it are found from the last ')'.
func TestParseStat(t *testing.T) {
	tests := []struct {
		line string
		want process
		ok   bool
	}{
		{"4711 (python3.12) S 4700 4711 4700 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 12345 0 0",
			process{pid: 4711, ppid: 4700, sid: 4700, name: "python3.12", age: 123450 * time.Millisecond}, true},
		{"12 (a) b (c)) Z 1 12 12 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 100 0 0",
			process{pid: 12, ppid: 1, sid: 12, name: "a) b (c)", zombie: true, age: time.Second}, true},
		{"13 (short) S 1 2", process{}, false},
		{"garbage", process{}, false},
	}
	for _, tt := range tests {
		got, ok := parseStat(tt.line)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("parseStat(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}
