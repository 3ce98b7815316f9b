package verdict

import (
	"testing"

	"github.com/cleanexit/cleanexit/runner/result"
)

// Run's precedence, one fact against the next: each row adds the fact
// that must win over the row below it.
func TestRunPrecedence(t *testing.T) {
	passed := &Attempts{Repeat: 1, Rounds: 1, Made: 1, Decisive: 0}
	failed := &Attempts{Repeat: 1, Rounds: 1, Made: 1, Failures: 1, AnyFailed: true, Decisive: 0}
	tests := []struct {
		name   string
		facts  RunFacts
		status result.Status
		reason string
	}{
		{"tries pass", RunFacts{Tries: passed}, result.Pass, ""},
		{"tries fail", RunFacts{Tries: failed, Diagnosis: "exit 139 (SIGSEGV), want 0"}, result.Fail, "exit 139 (SIGSEGV), want 0"},
		{"tries fail, declared", RunFacts{Tries: failed, XFail: "linux", Diagnosis: "exit 1"}, result.XFail, "expected to fail (xfail: linux): exit 1"},
		{"no tries", RunFacts{}, result.Unresolved, "no try was made"},
		{"an earlier run changed the library", RunFacts{Tries: passed, Earlier: "changed by an earlier run"}, result.Unresolved, "changed by an earlier run"},
		{"wrote, over an earlier change", RunFacts{Tries: passed, Earlier: "x", Wrote: []string{"corpus/p/a.txtar"}},
			result.Fail, "wrote to corpus/p/a.txtar"},
		{"wrote, beside another run", RunFacts{Tries: passed, Wrote: []string{"a", "b"}, Beside: []string{"p/c/v/3.12"}},
			result.Fail, "wrote to a, b, or a run beside it did (p/c/v/3.12)"},
		{"wrote, over a declared failure", RunFacts{Tries: failed, XFail: "linux", Wrote: []string{"a"}}, result.Fail, "wrote to a"},
		{"environment, over anything the tries did", RunFacts{Tries: passed, Wrote: []string{"a"}, EnvProblem: "pip: no matching distribution"},
			result.Unresolved, "pip: no matching distribution"},
		{"network, over an environment problem", RunFacts{EnvProblem: "x", Network: "pypi.org did not answer"}, result.Unsupported, "network: pypi.org did not answer"},
		{"not run, over the environment", RunFacts{Network: "x", NotRun: "interrupted"}, result.Unresolved, "not run: interrupted"},
		{"skipped, over everything", RunFacts{NotRun: "interrupted", Skipped: "requires darwin"}, result.Unsupported, "requires darwin"},
	}
	for _, tt := range tests {
		status, reason := Run(tt.facts)
		if status != tt.status || reason != tt.reason {
			t.Errorf("%s: Run = %s %q, want %s %q", tt.name, status, reason, tt.status, tt.reason)
		}
	}
}
