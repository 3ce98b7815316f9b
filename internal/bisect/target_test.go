package bisect

import (
	"slices"
	"testing"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/pep508"
)

func targetWith(t *testing.T, bad *cases.Variant, pkgs ...string) *Target {
	t.Helper()
	v := &cases.Variant{Name: "default"}
	for _, p := range pkgs {
		r, err := pep508.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		v.Packages = append(v.Packages, r)
	}
	return &Target{run: &plan.Run{Variant: v}, pkg: "Jax_Lib", bad: bad}
}

func TestRegressionPins(t *testing.T) {
	for _, tc := range []struct {
		name      string
		pkgs      []string
		pin       string
		regressed []string
	}{
		{"pinned", []string{"jax-lib==0.4", "numpy"}, "jax-lib==0.5", []string{"jax-lib==0.5", "numpy"}},
		{"extras kept", []string{"jax_lib[cuda12,CUDA12]>=0.4"}, "jax-lib[cuda12]==0.5", []string{"jax-lib==0.5"}},
		{"not pinned", []string{"numpy"}, "Jax_Lib==0.5", []string{"numpy", "jax-lib==0.5"}},
		{"a URL pin", []string{"jax-lib @ https://example.com/j.whl"}, "Jax_Lib==0.5", []string{"jax-lib==0.5"}},
		{"the repository as a path", []string{"/src/jax/", "/src/other"}, "Jax_Lib==0.5", []string{"jax-lib==0.5", "/src/other"}},
	} {
		tg := targetWith(t, nil, tc.pkgs...)
		if got := tg.versionPin("0.5"); got != tc.pin {
			t.Errorf("%s: versionPin = %q, want %q", tc.name, got, tc.pin)
		}
		if got := tg.regressedPackages("jax-lib==0.5", "/src/jax"); !slices.Equal(got, tc.regressed) {
			t.Errorf("%s: regressedPackages = %q, want %q", tc.name, got, tc.regressed)
		}
	}
}

func TestRegressedExit(t *testing.T) {
	declared := &cases.Variant{Exit: exitstatus.Expect{Signals: []string{"SIGSEGV", "SIGABRT"}}}
	for _, tc := range []struct {
		name string
		bad  *cases.Variant
		step Step
		want string
	}{
		{"the known-bad variant's", declared, Step{Signal: "SIGABRT"}, "[SIGSEGV, SIGABRT]"},
		{"the signal seen", nil, Step{Signal: "SIGABRT"}, "SIGABRT"},
		{"a fatal error without a signal", nil, Step{}, "crash"},
	} {
		if got := targetWith(t, tc.bad).regressedExit(tc.step); got != tc.want {
			t.Errorf("%s: regressedExit = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestRepoNames(t *testing.T) {
	for _, tc := range []struct {
		repo, local string
		url         bool
	}{
		{"https://github.com/ml-explore/mlx", "", true},
		{"git@github.com:ml-explore/mlx.git", "", true},
		{"file:///src/mlx", "/src/mlx", true},
		{"/src/mlx", "/src/mlx", false},
	} {
		if got := isURL(tc.repo); got != tc.url {
			t.Errorf("isURL(%q) = %v", tc.repo, got)
		}
		if got := localRepo(tc.repo); got != tc.local {
			t.Errorf("localRepo(%q) = %q, want %q", tc.repo, got, tc.local)
		}
	}
	if got, want := commitRequirement("/c/x", "abc", "crashy-git"), "git+file:///c/x@abc#egg=crashy-git"; got != want {
		t.Errorf("commitRequirement = %q, want %q", got, want)
	}
	if cloneDir("/cache", "https://a/b") == cloneDir("/cache", "https://a/c") {
		t.Error("two repositories share a clone")
	}
}
