package envs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// fakeUV puts a stand-in `uv` on a PATH of its own and returns that PATH and
// the log it writes. The stand-in records its arguments and some of its
// environment, and `uv pip install` fails the way uv does, so no result is
// ever invented.
func fakeUV(t *testing.T) (path, log string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in uv is a shell script")
	}
	dir := t.TempDir()
	log = filepath.Join(t.TempDir(), "uv.log")
	script := `#!/bin/sh
echo "argv: $*" >> "` + log + `"
echo "PYTHONPATH=${PYTHONPATH-unset} PYTHONNOUSERSITE=$PYTHONNOUSERSITE UV_FIND_LINKS=${UV_FIND_LINKS-unset}" >> "` + log + `"
echo "  × No solution found when resolving dependencies:" >&2
echo "  ╰─▶ Because nosuch was not found in the package registry and you require nosuch, we can conclude that your requirements are unsatisfiable." >&2
exit 1
`
	writeFile(t, filepath.Join(dir, "uv"), script)
	if err := os.Chmod(filepath.Join(dir, "uv"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, log
}

func TestUVIsUsedWhenOnPath(t *testing.T) {
	spec := testPython(t, "3.12")
	bin, log := fakeUV(t)
	wheels := t.TempDir()
	missing := filepath.Join(t.TempDir(), "gone")
	caller := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"PYTHONPATH=/somewhere", "UV_FIND_LINKS="+missing+","+wheels)

	t.Run("bare venv", func(t *testing.T) {
		c := &Cache{Root: t.TempDir(), environ: caller} // Installer "" = auto
		defer c.Close()
		env, err := c.Ensure(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		// cleanexit lays the venv out itself; the interpreter takes it for
		// one, with no site-packages but its own.
		if data, _ := os.ReadFile(log); len(data) > 0 {
			t.Errorf("uv ran for a venv without packages:\n%s", data)
		}
		runIn(t, env, os.Environ(), env.Python, "-c", "import sys; assert sys.prefix == "+pyString(env.Dir)+" != sys.base_prefix, sys.prefix; assert all(p.startswith(sys.prefix) or not p.endswith('site-packages') for p in sys.path), sys.path")
	})

	t.Run("install", func(t *testing.T) {
		c := &Cache{Root: t.TempDir(), environ: caller}
		defer c.Close()
		s := spec
		s.Packages = []string{"nosuch"}
		_, err := c.Ensure(context.Background(), s)
		var ie *InstallError
		if !errors.As(err, &ie) {
			t.Fatalf("err = %v, want *InstallError", err)
		}
		if !strings.HasPrefix(err.Error(), "uv pip install failed: × No solution found") {
			t.Errorf("message = %q", err)
		}
		if i := slices.Index(ie.Command, "--python"); i < 0 || !strings.HasSuffix(ie.Command[i+1], filepath.Join("venv", "bin", "python")) {
			t.Errorf("uv was not pointed at the venv: %q", ie.Command)
		}
		data, _ := os.ReadFile(log)
		if strings.Contains(string(data), "/somewhere") || !strings.Contains(string(data), "PYTHONNOUSERSITE=1") {
			t.Errorf("uv's environment is not cleaned:\n%s", data)
		}
		if !strings.Contains(string(data), "UV_FIND_LINKS="+wheels+"\n") {
			t.Errorf("UV_FIND_LINKS was not cleaned of the missing folder:\n%s", data)
		}
	})
}

func TestChooseInstaller(t *testing.T) {
	spec := testPython(t, "3.12")
	bin, _ := fakeUV(t)
	withUV := []string{"PATH=" + bin}
	noUV := []string{"PATH=" + t.TempDir()}
	old := spec
	old.PythonVersion = "3.5.10"
	noPip := spec
	noPip.PipDir = ""
	noPip.Packages = []string{"alpha"}
	tests := []struct {
		name, installer string
		environ         []string
		spec            Spec
		want, wantErr   string
	}{
		{"auto with uv", "auto", withUV, spec, "uv", ""},
		{"auto without uv", "", noUV, spec, "pip", ""},
		{"auto, uv too new for the interpreter", "auto", withUV, old, "pip", ""},
		{"pip asked", "pip", withUV, spec, "pip", ""},
		{"uv asked", "uv", withUV, spec, "uv", ""},
		{"uv asked, not there", "uv", noUV, spec, "", "uv is not on PATH"},
		{"unknown", "conda", noUV, spec, "", `unknown installer "conda"`},
		{"no pip, packages", "pip", noUV, noPip, "", "has no pip to install alpha with"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Cache{Installer: tt.installer, environ: tt.environ}
			c.init()
			got, _, err := c.chooseInstaller(tt.spec)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("chooseInstaller = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestSpecCheck(t *testing.T) {
	tests := []struct {
		spec Spec
		want string
	}{
		{Spec{}, "names no interpreter"},
		{Spec{Python: "python3", PythonKey: "k"}, "not absolute"},
		{Spec{Python: "/py"}, "no identity"},
		{Spec{Python: "/py", PythonKey: "k", PythonVersion: "2.7.18"}, "no venv module"},
		{Spec{Python: "/py", PythonKey: "k", Packages: []string{"a\n--index-url=x"}}, "several lines"},
	}
	for _, tt := range tests {
		_, err := (&Cache{Root: t.TempDir()}).Ensure(context.Background(), tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Ensure(%+v) = %v, want an error containing %q", tt.spec, err, tt.want)
		}
	}
}
