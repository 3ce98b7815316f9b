package report

import "testing"

func TestVisible(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "exit 139 (SIGSEGV) · thread-local-destructor", "exit 139 (SIGSEGV) · thread-local-destructor"},
		{"tab and newline stay", "a\tb\nc", "a\tb\nc"},
		{"cursor up and erase", "\x1b[1A\x1b[2KPASS", `\x1b[1A\x1b[2KPASS`},
		{"carriage return", "FAIL\rPASS", `FAIL\x0dPASS`},
		{"nul, bell, DEL", "a\x00b\x07c\x7f", `a\x00b\x07c\x7f`},
		{"C1 CSI as UTF-8", "\u009b31m", `\u009b31m`},
		{"right-to-left override", "FAIL\u202eSSAP", `FAIL\u202eSSAP`},
		{"isolate", "x\u2066y\u2069", `x\u2066y\u2069`},
		{"invalid UTF-8", "caf\xe9 \xff\xfe", `caf\xe9 \xff\xfe`},
		{"other non-ASCII stays", "naïve 日本 🙂", "naïve 日本 🙂"},
	}
	for _, tt := range tests {
		if got := Visible(tt.in); got != tt.want {
			t.Errorf("%s: Visible(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}
