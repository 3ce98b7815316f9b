package envs

import (
	"testing"
	"time"
)

func TestStepName(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{venvArgs(Spec{Python: "/py/bin/python3.12"}, "/c/x"), "venv"},
		{pipInstallArgs(Spec{Packages: []string{"mlx==0.32.2"}}, "/c/x/bin/python", "/c/p"), "pip install"},
		{pipDownloadArgs(Spec{Packages: []string{"mlx==0.32.2"}}, "/c/x/bin/python", "/c/x/d", "/c/p"), "pip download"},
		{uvInstallArgs(Spec{Packages: []string{"mlx==0.32.2"}}, "/c/x/bin/python", "/c/u", "hardlink"), "uv pip install"},
		{compileArgs("/c/x", "/c/t/list"), "compile byte code"},
		{[]string{"/usr/bin/something", "--flag"}, "something"},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := stepName(tt.argv); got != tt.want {
			t.Errorf("stepName(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}

func TestBuildingIsWhatIsUnderWay(t *testing.T) {
	c := &Cache{}
	if got := c.Building(); len(got) != 0 {
		t.Fatalf("a new cache builds %v", got)
	}
	doneA := c.track("a", "/c/envs/.tmp-a")
	time.Sleep(time.Millisecond)
	doneB := c.track("b", "/c/envs/.tmp-b")
	c.step("b", []string{"uv", "pip", "install"})
	c.step("gone", []string{"uv", "venv"}) // no build: nothing to record
	got := c.Building()
	if len(got) != 2 || got[0].Key != "a" || got[1].Key != "b" || got[1].Step != "uv pip install" || got[0].Step != "" || got[1].Dir != "/c/envs/.tmp-b" {
		t.Fatalf("Building() = %+v, want a then b, b at uv pip install", got)
	}
	doneA()
	doneB()
	if got := c.Building(); len(got) != 0 {
		t.Fatalf("after both ended: %+v", got)
	}
}

// A build is at the index while its installer runs, and not before (the
// venv) nor after (byte code, sealing), when a silent index costs it
// nothing.
func TestAtIndexWhileTheInstallerRuns(t *testing.T) {
	c := &Cache{}
	spec := Spec{Python: "/py/bin/python3.12", PythonKey: "k", PythonVersion: "3.12.1", Packages: []string{"mlx==0.32.2"}}
	other := spec
	other.Packages = []string{"numpy"}
	if c.AtIndex(spec) {
		t.Fatal("at the index with no build under way")
	}
	done := c.track(spec.key(), "/c/envs/.tmp-x")
	steps := []struct {
		argv []string
		want bool
	}{
		{venvArgs(spec, "/c/x"), false},
		{pipDownloadArgs(spec, "/c/x/bin/python", "/c/x/d", "/c/p"), true},
		{pipInstallArgs(spec, "/c/x/bin/python", "/c/p"), true},
		{uvInstallArgs(spec, "/c/x/bin/python", "/c/u", linkHardlink), true},
		{compileArgs("/c/x", "/c/t/list"), false},
	}
	for _, s := range steps {
		c.step(spec.key(), s.argv)
		if got := c.AtIndex(spec); got != s.want {
			t.Errorf("at step %q: AtIndex = %v, want %v", stepName(s.argv), got, s.want)
		}
		if c.AtIndex(other) {
			t.Errorf("at step %q: another spec's build is at the index", stepName(s.argv))
		}
	}
	c.step(spec.key(), uvInstallArgs(spec, "/c/x/bin/python", "/c/u", linkHardlink))
	done()
	if c.AtIndex(spec) {
		t.Error("at the index after the build ended")
	}
}
