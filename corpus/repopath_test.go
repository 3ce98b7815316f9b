package corpus_test

import (
	"path/filepath"
	"testing"
)

// A failure of go test ./corpus/... names the case file from the
// repository root, where a reader's editor and CI log links start.
func TestRepoPath(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "other", "x.txtar")
	for _, tc := range []struct{ file, want string }{
		{"mlir/context-shutdown.txtar", "corpus/mlir/context-shutdown.txtar"},
		{"./native/x.txtar", "corpus/native/x.txtar"},
		{outside, outside},
	} {
		if got := repoPath(tc.file); got != tc.want {
			t.Errorf("repoPath(%q) = %q, want %q", tc.file, got, tc.want)
		}
	}
}
