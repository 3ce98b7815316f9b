package runner

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/cleanexit/cleanexit/runner/result"
)

// A run that an interrupt cuts short is UNRESOLVED, never PASS: it has
// shown nothing either way.
func TestInterruptedRunIsUnresolved(t *testing.T) {
	corpus, cache := oneCaseCorpus(t, "-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\nrepeat: 3\n-- x.py --\npass\n")
	s, err := Open(context.Background(), Config{
		Args:      []string{corpus},
		CacheRoot: cache,
		Filter:    regexp.MustCompile(`/3\.12$`),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(s.Runs) != 1 {
		t.Skipf("needs exactly one Python 3.12 here, found %d runs", len(s.Runs))
	}
	if r := s.Execute(context.Background(), s.Runs[0]); r.Status != result.Pass || r.Attempts != 3 {
		t.Errorf("not cancelled: %s after %d attempts, want PASS after 3", r.Status, r.Attempts)
	}
	// Now the environment is warm, so the cancelled run reaches the script.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := s.Execute(ctx, s.Runs[0]); r.Status != result.Unresolved {
		t.Errorf("cancelled before it ran: %s %s, want UNRESOLVED", r.Status, r.Reason)
	}
}

// oneCaseCorpus writes a corpus of one case, p/c, holding text, and
// returns its folder and an empty cache folder beside it.
func oneCaseCorpus(t *testing.T, text string) (corpus, cache string) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "corpus", "p")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c.txtar"), []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "corpus"), filepath.Join(root, "cache")
}
