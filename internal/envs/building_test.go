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
