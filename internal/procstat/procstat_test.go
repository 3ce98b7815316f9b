package procstat

import "testing"

// TestParse: a command name may hold spaces and parentheses; the fields
// after it are found from the last ')'. A process that has begun to exit
// has ended already.
func TestParse(t *testing.T) {
	tests := []struct {
		line string
		want Stat
		ok   bool
	}{
		{"4711 (python3.12) S 4700 4711 4700 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 12345 0 0",
			Stat{PID: 4711, PPID: 4700, PGRP: 4711, SID: 4700, Name: "python3.12", Start: 12345}, true},
		{"12 (a) b (c)) Z 1 12 12 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 100 0 0",
			Stat{PID: 12, PPID: 1, PGRP: 12, SID: 12, Name: "a) b (c)", Ended: true, Start: 100}, true},
		// PF_EXITING: killed, its memory going, not yet a zombie.
		{"14 (python3.12) R 1 14 14 0 -1 4194564 1 0 0 0 0 0 0 0 20 0 1 0 100 0 0",
			Stat{PID: 14, PPID: 1, PGRP: 14, SID: 14, Name: "python3.12", Ended: true, Start: 100}, true},
		// A sandbox's command, whose parent is outside its PID namespace.
		{"2 (python) S 0 2 0 0 -1 4194304 1 0 0 0 0 0 0 0 20 0 1 0 7 0 0",
			Stat{PID: 2, PPID: 0, PGRP: 2, SID: 0, Name: "python", Start: 7}, true},
		{"13 (short) S 1 2", Stat{}, false},
		{"13 (bad) S x 13 13 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 100 0 0", Stat{}, false},
		{"garbage", Stat{}, false},
		{"", Stat{}, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.line)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}
