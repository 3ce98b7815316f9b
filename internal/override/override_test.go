package override

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/pep508"
)

func TestParse(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"dist/mlx-0.33.0.dev0-cp312-cp312-linux_x86_64.whl", "two/mlx-1.0-py3-none-any.whl", "two/mlx-2.0-py3-none-any.whl", "src/pyproject.toml", "mlx-0.33.0.tar.gz", "empty/README"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o777)
		if err := os.WriteFile(p, []byte(f), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		flag, version, requirement, label, err string
	}{
		{flag: "MLX==0.32.0", version: "0.32.0", requirement: "mlx==0.32.0", label: "mlx 0.32.0 (override)"},
		{flag: "mlx=dist/mlx-0.33.0.dev0-cp312-cp312-linux_x86_64.whl", version: "0.33.0.dev0", requirement: "mlx @ file://" + filepath.ToSlash(dir) + "/dist/mlx-0.33.0.dev0-cp312-cp312-linux_x86_64.whl#sha256=", label: "mlx 0.33.0.dev0 (override: dist/mlx-0.33.0.dev0-cp312-cp312-linux_x86_64.whl)"},
		{flag: "mlx=dist", version: "0.33.0.dev0", label: "mlx 0.33.0.dev0 (override: dist/mlx-0.33.0.dev0-cp312-cp312-linux_x86_64.whl)"},
		{flag: "mlx=mlx-0.33.0.tar.gz", version: "0.33.0", label: "mlx 0.33.0 (override: mlx-0.33.0.tar.gz)"},
		{flag: "mlx=src", requirement: filepath.Join(dir, "src"), label: "mlx (override: src)"},
		{flag: "mlx", err: "want NAME=PATH"},
		{flag: "=dist", err: "want NAME=PATH"},
		{flag: "mlx>=1=dist", err: "is not a package name"},
		{flag: "mlx=", err: "no path after ="},
		{flag: "mlx==latest", err: "latest"},
		{flag: "mlx=missing.whl", err: "no such file"},
		{flag: "mlx=two", err: "holds 2 wheels of mlx"},
		{flag: "mlx=empty", err: "holds no wheel of mlx, and no pyproject.toml"},
		{flag: "other=dist/mlx-0.33.0.dev0-cp312-cp312-linux_x86_64.whl", err: "is not a wheel or sdist of other"},
	} {
		o, err := Parse(tt.flag, dir)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Parse(%q) = %v, want an error with %q", tt.flag, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.flag, err)
			continue
		}
		if o.Version != tt.version || !strings.HasPrefix(o.Requirement, tt.requirement) || o.Label() != tt.label {
			t.Errorf("Parse(%q) = version %q, requirement %q, label %q; want %q, %q…, %q", tt.flag, o.Version, o.Requirement, o.Label(), tt.version, tt.requirement, tt.label)
		}
	}
}

func TestApply(t *testing.T) {
	run := func(id string, reqs ...string) *plan.Run {
		v := &cases.Variant{Name: "default"}
		r := &plan.Run{ID: id, Variant: v}
		for _, s := range reqs {
			req, err := pep508.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			v.Packages = append(v.Packages, req)
			r.Packages = append(r.Packages, req.String())
		}
		return r
	}
	fresh := func() []*plan.Run { // Apply changes the runs it keeps
		return []*plan.Run{
			run("a/pinned", "mlx==0.32.2", "numpy==2.0"),
			run("a/ranged", "MLX>=0.30,<0.33"),
			run("a/other", "numpy==2.0"),
			run("a/none"),
		}
	}
	runs := fresh()
	o := Override{Name: "mlx", Version: "0.33.0", Requirement: "mlx @ file:///d/mlx.whl#sha256=ab", Source: "d/mlx.whl"}
	if all := Apply(fresh(), []Override{o}, true); len(all) != 4 || all[2].Override != "" || all[0].Override == "" {
		t.Errorf("Apply(keepOthers) kept %d runs: %v", len(all), all)
	}
	kept := Apply(runs, []Override{o}, false)
	if len(kept) != 2 || kept[0].ID != "a/pinned" || kept[1].ID != "a/ranged" {
		t.Fatalf("Apply kept %v, want a/pinned and a/ranged", kept)
	}
	if got := strings.Join(kept[0].Packages, " "); got != "mlx @ file:///d/mlx.whl#sha256=ab numpy==2.0" {
		t.Errorf("a/pinned installs %q", got)
	}
	if got, want := kept[0].Override, "mlx 0.33.0 (override: d/mlx.whl), which the case's pin mlx==0.32.2 does not allow: run anyway"; got != want {
		t.Errorf("a/pinned Override = %q, want %q", got, want)
	}
	if got := kept[1].Packages; len(got) != 1 || got[0] != o.Requirement {
		t.Errorf("a/ranged installs %q", got)
	}
	if got := Apply(runs[2:], nil, false); len(got) != 2 {
		t.Errorf("no override dropped runs: %v", got)
	}
}
