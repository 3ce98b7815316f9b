package toolchains

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestStdlib(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the POSIX layouts below")
	}
	root := t.TempDir()
	layout := func(files ...string) {
		for _, f := range files {
			p := filepath.Join(root, f)
			if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, nil, 0o666); err != nil {
				t.Fatal(err)
			}
		}
	}
	layout("pyenv/bin/python3.12", "pyenv/lib/python3.12/os.py",
		"usr/bin/python3.11d", "usr/lib/python3.11/os.py",
		"ft/bin/python3.13t", "ft/lib/python3.13t/os.py", "ft/lib/python3.13/os.py",
		"odd/bin/python3.12", "odd/lib/python3.12/not-os.py")
	tests := []struct {
		name string
		in   Interpreter
		want string
	}{
		{"pyenv", Interpreter{RealPath: root + "/pyenv/bin/python3.12", Major: 3, Minor: 12}, root + "/pyenv/lib/python3.12"},
		{"a debug build shares its release's", Interpreter{RealPath: root + "/usr/bin/python3.11d", Major: 3, Minor: 11, Debug: true}, root + "/usr/lib/python3.11"},
		{"free-threaded", Interpreter{RealPath: root + "/ft/bin/python3.13t", Major: 3, Minor: 13, FreeThreaded: true}, root + "/ft/lib/python3.13t"},
		{"no landmark", Interpreter{RealPath: root + "/odd/bin/python3.12", Major: 3, Minor: 12}, ""},
		{"no path", Interpreter{Major: 3, Minor: 12}, ""},
	}
	for _, tt := range tests {
		if got := tt.in.Stdlib(); got != tt.want {
			t.Errorf("%s: Stdlib() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestStdlibOfThisMachine asks each interpreter found here where its
// standard library is, and checks Stdlib's answer against it.
func TestStdlibOfThisMachine(t *testing.T) {
	found, err := Discover(context.Background(), Options{Getenv: thisMachine, CacheDir: t.TempDir()})
	if err != nil || len(found) == 0 {
		t.Skipf("no interpreter found: %v", err)
	}
	for _, in := range found {
		out, err := exec.Command(in.Path, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
		if err != nil {
			t.Errorf("%s: %v", in.Path, err)
			continue
		}
		want, err := filepath.EvalSymlinks(strings.TrimSpace(string(out)))
		if err != nil {
			t.Errorf("%s: %v", in.Path, err)
			continue
		}
		got := in.Stdlib()
		if got != "" {
			got, _ = filepath.EvalSymlinks(got)
		}
		if got != want {
			t.Errorf("%s (%s): Stdlib() = %q, want %q", in.Path, in.Version, got, want)
		}
	}
}
