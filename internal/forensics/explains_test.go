package forensics

import (
	"testing"
	"time"
)

func TestRerunLimit(t *testing.T) {
	for _, tt := range []struct{ limit, took, want time.Duration }{
		{0, time.Second, 23 * time.Second},              // the default limit, a quick crash
		{0, time.Minute, 60 * time.Second},              // a slow crash: the default limit
		{5 * time.Second, time.Second, 5 * time.Second}, // --backtrace-timeout wins when lower
	} {
		if got := RerunLimit(tt.limit, tt.took); got != tt.want {
			t.Errorf("RerunLimit(%s, %s) = %s, want %s", tt.limit, tt.took, got, tt.want)
		}
	}
}
