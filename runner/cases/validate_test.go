package cases

import (
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
)

// Each name a case may not hold, and the nearest ones it may.
func TestBadArchiveName(t *testing.T) {
	tests := []struct {
		name string
		want string // a word of the reason; "" when the name is good
	}{
		{"x.py", ""},
		{"a", ""},
		{"pkg/mod.py", ""},
		{"ab:c", ""},
		{".tmpx/a", ""},
		{strings.Repeat("n", 255), ""},
		{"", "empty"},
		{"x\x00.py", "NUL"},
		{"\x00x", "NUL"},
		{"$HOME/x", "$"},
		{"/etc/x.py", "absolute"},
		{`\x.py`, "absolute"},
		{"C:/x.py", "absolute"},
		{"c:", "absolute"},
		{`a\b.py`, "backslash"},
		{"../x.py", "escapes"},
		{"a/../../x.py", "escapes"},
		{"a//b.py", "not clean"},
		{"./x.py", "not clean"},
		{".", "$WORK itself"},
		{".tmp/x", ".tmp"},
		{".tmp", ".tmp"},
		{strings.Repeat("n", 256), "at most 255"},
		{"a/" + strings.Repeat("n", 256), "at most 255"},
	}
	for _, tt := range tests {
		got := badArchiveName(tt.name)
		if (got == "") != (tt.want == "") || !strings.Contains(got, tt.want) {
			t.Errorf("badArchiveName(%.40q) = %q, want it to say %q", tt.name, got, tt.want)
		}
	}
}

// A variant is known-bad when it declares the bug: an exit other than a
// clean one, an xfail that holds everywhere, or its name in known-bad.
func TestKnownBad(t *testing.T) {
	c := &Case{KnownBad: []string{"old"}}
	tests := []struct {
		v    Variant
		want bool
	}{
		{Variant{Name: "default"}, false},
		{Variant{Name: "zero", Exit: exitstatus.Expect{Codes: []int{0}}}, false},
		{Variant{Name: "three", Exit: exitstatus.Expect{Codes: []int{3}}}, true},
		{Variant{Name: "zero or three", Exit: exitstatus.Expect{Codes: []int{0, 3}}}, true},
		{Variant{Name: "segv", Exit: exitstatus.Expect{Signals: []string{"SIGSEGV"}}}, true},
		{Variant{Name: "crash", Exit: exitstatus.Expect{Crash: true}}, true},
		{Variant{Name: "hang", XFail: []Condition{{Text: "linux"}, {Text: "*"}}}, true},
		{Variant{Name: "somewhere", XFail: []Condition{{Text: "linux"}}}, false},
		{Variant{Name: "old"}, true},
	}
	for _, tt := range tests {
		if got := tt.v.KnownBad(c); got != tt.want {
			t.Errorf("%s: KnownBad = %v, want %v", tt.v.Name, got, tt.want)
		}
	}
}
