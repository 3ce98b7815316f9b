package runner

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/runner/result"
)

// TestNativeCorpusNamesPhaseAndCulprit runs the shipped native cases on
// one interpreter and checks that every crashing run was repeated under
// the debugger, that its phase is the one its variant declares, that the
// culprit is the case's own extension, and that -v prints the stacks.
func TestNativeCorpusNamesPhaseAndCulprit(t *testing.T) {
	if _, _, err := forensics.DebuggerFor(""); err != nil {
		t.Skipf("skipped: %v", err)
	}
	s, err := Open(context.Background(), Config{
		Args:      []string{filepath.Join("..", "corpus", "native")},
		Corpus:    filepath.Join("..", "corpus"),
		CacheRoot: filepath.Join(t.TempDir(), "cache"),
		Filter:    regexp.MustCompile(`^native/(thread-local-refs|static-callable-cache|c-atexit-hook)/.*/3\.12$`),
		Verbose:   true,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	results := s.RunAll(context.Background(), 0, nil)
	crashed := 0
	for _, r := range results {
		if r.Status == result.Unsupported {
			t.Skipf("skipped: %s is UNSUPPORTED here: %s", r.ID, r.Reason)
		}
		if r.Status != result.Pass {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
		var v *cases.Variant
		for _, c := range s.Cases {
			if c.Project == r.Project && c.Name == r.Case {
				v = c.Variant(r.Variant)
			}
		}
		if v == nil || v.Exit.Clean() {
			if r.Native != nil {
				t.Errorf("%s exited cleanly yet was rerun under the debugger: %+v", r.ID, r.Native)
			}
			continue
		}
		crashed++
		if !r.Native.Found() {
			t.Errorf("%s crashed, but has no native stack: %+v", r.ID, r.Native)
			continue
		}
		if len(v.Phases) == 0 || !slices.Contains(v.Phases, r.Native.Phase) {
			t.Errorf("%s: phase %s, the case declares %v", r.ID, r.Native.Phase, v.Phases)
		}
		ext := map[string]string{"thread-local-refs": "holder.", "static-callable-cache": "fncache.", "c-atexit-hook": "hook."}[r.Case]
		if !strings.HasPrefix(r.Native.Culprit, ext) {
			t.Errorf("%s: culprit %q, want a frame of the case's extension %s…", r.ID, r.Native.Culprit, ext)
		}
		var out strings.Builder
		(&report.Terminal{W: &out, Verbose: true}).Result(r)
		line, _, _ := strings.Cut(out.String(), "\n")
		if !strings.Contains(line, " · "+string(r.Native.Phase)+" ") || !strings.Contains(out.String(), "native stacks (") {
			t.Errorf("%s: the -v report does not show the phase on its line and the stacks:\n%s", r.ID, out.String())
		}
	}
	if crashed < 6 {
		t.Errorf("%d crashing runs, want the 6 crashing variants of the three cases", crashed)
	}
}
