package bisect

import (
	"testing"

	"github.com/cleanexit/cleanexit/runner/result"
)

func TestExitCode(t *testing.T) {
	for _, tc := range []struct {
		v    Verdict
		want int
	}{
		{Good, 0}, {Bad, 1}, {Skip, 125}, {"", 125},
	} {
		if got := tc.v.ExitCode(); got != tc.want {
			t.Errorf("%q.ExitCode() = %d, want %d", tc.v, got, tc.want)
		}
	}
}

func TestRunVerdict(t *testing.T) {
	res := func(ss ...result.Status) []result.Result {
		var out []result.Result
		for _, s := range ss {
			out = append(out, result.Result{Status: s})
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		results []result.Result
		want    Verdict
	}{
		{"pass", res(result.Pass), Good},
		{"flaky pass (the case allows retries) and xpass", res(result.FlakyPass, result.XPass), Good},
		{"xfail: the commit failed", res(result.XFail), Bad},
		{"crash is bad, never its 139", res(result.Pass, result.Fail), Bad},
		{"timeout", res(result.Timeout), Bad},
		{"no environment", res(result.Unresolved), Skip},
		{"a failure wins over no environment", res(result.Unresolved, result.Fail), Bad},
		{"no environment for one run", res(result.Pass, result.Unresolved), Skip},
		{"nothing ran", res(result.Unsupported), Skip},
		{"no runs", nil, Skip},
		{"a known-bad variant's result does not count", []result.Result{{Status: result.Pass}, {Status: result.Fail, Expected: "SIGABRT"}}, Good},
		{"nor its pass", []result.Result{{Status: result.Fail, Expected: "0"}, {Status: result.Pass, Expected: "[SIGSEGV, SIGABRT]"}}, Bad},
		{"only known-bad runs", []result.Result{{Status: result.Pass, Expected: "crash"}}, Skip},
	} {
		if got := RunVerdict(tc.results); got != tc.want {
			t.Errorf("%s: RunVerdict = %s, want %s", tc.name, got, tc.want)
		}
		if code := RunVerdict(tc.results).ExitCode(); code >= 128 {
			t.Errorf("%s: exit %d would abort git bisect", tc.name, code)
		}
	}
}
