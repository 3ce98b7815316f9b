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
		{Expect{Codes: []int{0, 0}}, true},
		{Expect{Timeout: true}, false},
		{Expect{Codes: []int{0}, Timeout: true}, false},
	}
	for _, tt := range tests {
		if got := tt.e.Clean(); got != tt.want {
			t.Errorf("%v.Clean() = %v, want %v", tt.e, got, tt.want)
		}
	}
}

// Exit 0 is accepted, and must then be clean, wherever the list names it.
func TestAcceptsZero(t *testing.T) {
	for _, tt := range []struct {
		e    Expect
		want bool
	}{
		{Expect{}, true},
		{Expect{Codes: []int{0, 1}}, true},
		{Expect{Codes: []int{1, 0}}, true},
		{Expect{Codes: []int{1}}, false},
		{Expect{Crash: true}, false},
		{Expect{Timeout: true}, false},
		{Expect{Codes: []int{0}, Timeout: true}, true},
	} {
		if got := tt.e.AcceptsZero(); got != tt.want {
			t.Errorf("%v.AcceptsZero() = %v, want %v", tt.e, got, tt.want)
		}
	}
}

func TestOverlap(t *testing.T) {
	w := func(s string) Expect {
		e, err := ParseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, tt := range []struct {
		a, b string
		want string
	}{
		{"0", "0", "named twice"},
		{"0", "1", ""},
		{"SIGSEGV", "SIGSEGV", "named twice"},
		{"SIGSEGV", "SIGABRT", ""},
		{"crash", "crash", "named twice"},
		{"timeout", "timeout", "named twice"},
		{"crash", "SIGABRT", "crash already accepts every death by signal"},
		{"SIGABRT", "crash", "crash already accepts every death by signal"},
		{"139", "SIGSEGV", "139 is how a shell shows a death by SIGSEGV"},
		{"SIGSEGV", "139", "139 is how a shell shows a death by SIGSEGV"},
		{"134", "crash", "crash already accepts 134, a death by signal 6"},
		{"crash", "134", "crash already accepts 134, a death by signal 6"},
		{"crash", "1", ""},
		{"timeout", "0", ""},
		{"timeout", "crash", ""},
		// 128 is no death by signal (there is no signal 0).
		{"128", "crash", ""},
		{"crash", "128", ""},
	} {
		if got := Overlap(w(tt.a), w(tt.b)); got != tt.want {
			t.Errorf("Overlap(%s, %s) = %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestCrashesAndUnion(t *testing.T) {
	for _, tt := range []struct {
		e    Expect
		want bool
	}{
		{Expect{}, false},
		{Expect{Codes: []int{0, 1}}, false},
		{Expect{Codes: []int{128}}, false},
		{Expect{Codes: []int{1, 129}}, true},
		{Expect{Signals: []string{"SIGABRT"}}, true},
		{Expect{Crash: true}, true},
		{Expect{Timeout: true}, false},
	} {
		if got := tt.e.Crashes(); got != tt.want {
			t.Errorf("%v.Crashes() = %v, want %v", tt.e, got, tt.want)
		}
	}
	u := Union(Expect{Codes: []int{0}}, Expect{Timeout: true}, Expect{Crash: true}, Expect{Signals: []string{"SIGSEGV"}})
	if got := u.String(); got != "[0, SIGSEGV, crash, timeout]" {
		t.Errorf("Union = %s, want [0, SIGSEGV, crash, timeout]", got)
	}
	if got := Union(Expect{Timeout: true}, Expect{Codes: []int{1}}); !got.Timeout || got.Crash {
		t.Errorf("Union(timeout, 1) = %+v, want timeout kept and no crash", got)
	}
}
