package result

import "testing"

// Every status, what it says about the run: did it do what its variant
// declares (Met), and does it fail a run of the corpus (Failed)?
func TestStatusSets(t *testing.T) {
	tests := []struct {
		status      Status
		met, failed bool
	}{
		{Pass, true, false},
		{FlakyPass, true, false},
		{XFail, true, false},
		{Unsupported, false, false},
		{Fail, false, true},
		{XPass, false, true},
		{Unresolved, false, true},
		{Timeout, false, true},
	}
	if len(tests) != len(Statuses) {
		t.Fatalf("the table has %d statuses, Statuses %d", len(tests), len(Statuses))
	}
	for _, tt := range tests {
		if got := tt.status.Met(); got != tt.met {
			t.Errorf("%s.Met() = %v, want %v", tt.status, got, tt.met)
		}
		if got := tt.status.Failed(); got != tt.failed {
			t.Errorf("%s.Failed() = %v, want %v", tt.status, got, tt.failed)
		}
	}
}

// Gravity ranks the worst of a run across hosts: a crash above a hang, a
// hang above an unexpected pass, any of them above what could not be
// judged, a retry's pass above a clean one, and UNSUPPORTED lowest.
func TestGravity(t *testing.T) {
	order := []Status{Unsupported, Pass, XFail, FlakyPass, Unresolved, XPass, Timeout, Fail}
	for i, s := range order {
		if got := s.Gravity(); got != i {
			t.Errorf("%s.Gravity() = %d, want %d", s, got, i)
		}
	}
	if got := Status("BOGUS").Gravity(); got != -1 {
		t.Errorf("an unknown status's Gravity() = %d, want -1", got)
	}
}
