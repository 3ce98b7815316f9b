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
