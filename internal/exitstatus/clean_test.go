package exitstatus

import "testing"

// A clean expectation is exit 0 alone: anything else declares the bug.
func TestClean(t *testing.T) {
	tests := []struct {
		e    Expect
		want bool
	}{
		{Expect{}, true},
		{Expect{Codes: []int{0}}, true},
		{Expect{Codes: []int{3}}, false},
		{Expect{Codes: []int{1}}, false},
		{Expect{Codes: []int{0, 1}}, false},
		{Expect{Codes: []int{1, 0}}, false},
		{Expect{Signals: []string{"SIGSEGV"}}, false},
		{Expect{Codes: []int{0}, Signals: []string{"SIGABRT"}}, false},
		{Expect{Crash: true}, false},
		{Expect{Codes: []int{0}, Crash: true}, false},
	}
	for _, tt := range tests {
		if got := tt.e.Clean(); got != tt.want {
			t.Errorf("%v.Clean() = %v, want %v", tt.e, got, tt.want)
		}
	}
}
