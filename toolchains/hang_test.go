package toolchains

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/proctable"
)

// TestDiscoverHangingInterpreter: an entry of CLEANEXIT_PYTHONS that never
// answers is killed with its children after the identify timeout, reported
// through Warn with its reason, and remembered: the next discovery does
// not start it again.
func TestDiscoverHangingInterpreter(t *testing.T) {
	proctable.Require(t)
	defer func(d time.Duration) { identifyTimeout = d }(identifyTimeout)
	identifyTimeout = 300 * time.Millisecond

	tr := tree{t, t.TempDir()}
	starts := filepath.Join(tr.dir("log"), "starts")
	marker := proctable.Marker(t, "cleanexit-identify-hang")
	hang := tr.file("hang/python3", "#!/bin/sh\necho started >> "+starts+"\n/bin/sh -c '/bin/sleep 300; : "+marker+"' &\n/bin/sleep 301\n", 0o755)
	env := map[string]string{"PATH": tr.dir("empty"), "HOME": tr.dir("home"), "CLEANEXIT_PYTHONS": hang}
	cache := t.TempDir()
	for round := 0; round < 2; round++ {
		var warnings []error
		start := time.Now()
		_, err := Discover(context.Background(), Options{
			Getenv: envOf(env), CacheDir: cache,
			Warn: func(err error) { warnings = append(warnings, err) },
		})
		if err == nil {
			t.Fatalf("round %d: a hanging interpreter was accepted", round)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("round %d: Discover took %s", round, took)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), hang) || !strings.Contains(warnings[0].Error(), "no answer within") {
			t.Errorf("round %d: warnings %v, want one naming %s and the timeout", round, warnings, hang)
		}
		if left := proctable.Matching(marker); len(left) > 0 {
			t.Errorf("round %d: left running: %v", round, left)
		}
	}
	b, _ := os.ReadFile(starts)
	if n := strings.Count(string(b), "started"); n != 1 {
		t.Errorf("the hanging interpreter was started %d times, want once (then remembered)", n)
	}
}
