package toolchains

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// realInterpreter is an interpreter installed on the test machine, with the
// version its install directory promises.
type realInterpreter struct {
	path         string
	major, minor int
	version      string // "" when the install does not say the micro version
}

// realInterpreters lists the interpreters this machine is known to carry:
// pyenv's versions (directory names are versions) and Debian's python3.N.
func realInterpreters(t *testing.T) []realInterpreter {
	t.Helper()
	var found []realInterpreter
	root := os.Getenv("PYENV_ROOT")
	if root == "" {
		root = filepath.Join(os.Getenv("HOME"), ".pyenv")
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "versions", "*"))
	version := regexp.MustCompile(`^([23])\.([0-9]+)\.[0-9]+$`)
	for _, dir := range dirs {
		m := version.FindStringSubmatch(filepath.Base(dir))
		if m == nil {
			continue
		}
		exe := filepath.Join(dir, "bin", "python"+m[1]+"."+m[2])
		if _, err := os.Stat(exe); err == nil {
			found = append(found, realInterpreter{exe, atoi(m[1]), atoi(m[2]), m[0]})
		}
	}
	system, _ := filepath.Glob("/usr/bin/python3.[0-9]*")
	minor := regexp.MustCompile(`^python3\.([0-9]+)$`)
	for _, exe := range system {
		if m := minor.FindStringSubmatch(filepath.Base(exe)); m != nil {
			found = append(found, realInterpreter{exe, 3, atoi(m[1]), ""})
		}
	}
	if len(found) == 0 {
		t.Skip("no Python interpreter installed where this test looks (pyenv, /usr/bin)")
	}
	return found
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestIdentifyRealInterpreters identifies every interpreter on the machine,
// from 2.7 on, with a caller environment that would mislead a careless
// identification.
func TestIdentifyRealInterpreters(t *testing.T) {
	fakePip := t.TempDir()
	if err := os.MkdirAll(filepath.Join(fakePip, "pip"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(fakePip, "pip", "__init__.py"), []byte("__version__ = \"0.0.fake\"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PYTHONPATH", fakePip)
	t.Setenv("PYTHONHOME", "/nonexistent")
	t.Setenv("PYTHONSTARTUP", "/nonexistent")
	t.Setenv("PYTHONUNBUFFERED", "1")
	t.Setenv("PYTHONDONTWRITEBYTECODE", "1")
	t.Setenv("PIP_FIND_LINKS", "/opt/wheels")

	for _, ri := range realInterpreters(t) {
		it, err := Identify(context.Background(), ri.path)
		if err != nil {
			t.Errorf("Identify(%s): %v", ri.path, err)
			continue
		}
		t.Logf("%s: %s pip %s", ri.path, it, it.PipVersion)
		if it.Major != ri.major || it.Minor != ri.minor || (ri.version != "" && it.Version != ri.version) {
			t.Errorf("%s: version %s (%d.%d), want %d.%d %s", ri.path, it.Version, it.Major, it.Minor, ri.major, ri.minor, ri.version)
		}
		if it.Implementation != "cpython" || it.FreeThreaded || it.Debug {
			t.Errorf("%s: implementation %q free-threaded %v debug %v, want a plain cpython", ri.path, it.Implementation, it.FreeThreaded, it.Debug)
		}
		if it.Arch != runtime.GOARCH {
			t.Errorf("%s: arch %q, want %q", ri.path, it.Arch, runtime.GOARCH)
		}
		if it.Path != ri.path || it.RealPath != ri.path || it.Source != SourceExplicit {
			t.Errorf("%s: Path %q RealPath %q Source %q", ri.path, it.Path, it.RealPath, it.Source)
		}
		fi, _ := os.Stat(ri.path)
		if it.Size != fi.Size() || !it.ModTime.Equal(fi.ModTime()) {
			t.Errorf("%s: size %d mtime %v, want %d %v", ri.path, it.Size, it.ModTime, fi.Size(), fi.ModTime())
		}
		if _, err := os.Stat(filepath.Join(it.Include, "Python.h")); err != nil && !strings.HasPrefix(ri.path, "/usr/bin/") {
			// Debian ships Python.h only with python3.N-dev.
			t.Errorf("%s: Include %q has no Python.h", ri.path, it.Include)
		}
		wantSuffix := ".so"
		if ri.major == 3 {
			wantSuffix = ".cpython-3" + strconv.Itoa(ri.minor)
		}
		if !strings.HasPrefix(it.ExtSuffix, wantSuffix) || !strings.HasSuffix(it.ExtSuffix, ".so") {
			t.Errorf("%s: ExtSuffix %q, want %s...so", ri.path, it.ExtSuffix, wantSuffix)
		}
		if it.PipVersion == "" || it.PipVersion == "0.0.fake" {
			t.Errorf("%s: PipVersion %q, want the interpreter's own pip", ri.path, it.PipVersion)
			continue
		}
		checkPipDir(t, ri.path, it)
	}
}

// checkPipDir proves the PipDir contract: with site disabled, putting PipDir
// on PYTHONPATH is enough to import the very pip that PipVersion names.
func checkPipDir(t *testing.T, python string, it *Interpreter) {
	t.Helper()
	cmd := exec.Command(python, "-S", "-c", "import pip; print(pip.__version__)")
	cmd.Env = []string{"PYTHONPATH=" + it.PipDir, "PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("%s: import pip with PYTHONPATH=%s: %v\n%s", python, it.PipDir, err, out)
		return
	}
	if got := strings.TrimSpace(string(out)); got != it.PipVersion {
		t.Errorf("%s: PYTHONPATH=%s imports pip %s, PipVersion says %s", python, it.PipDir, got, it.PipVersion)
	}
}

func TestIdentifyFollowsSymlinksAndLooksUpPath(t *testing.T) {
	ri := realInterpreters(t)[0]
	link := filepath.Join(t.TempDir(), "python3")
	if err := os.Symlink(ri.path, link); err != nil {
		t.Fatal(err)
	}
	it, err := Identify(context.Background(), link)
	if err != nil {
		t.Fatal(err)
	}
	if it.Path != link || it.RealPath != ri.path {
		t.Errorf("Path %q RealPath %q, want %q and %q", it.Path, it.RealPath, link, ri.path)
	}

	t.Setenv("PATH", filepath.Dir(link))
	it, err = Identify(context.Background(), "python3")
	if err != nil {
		t.Fatal(err)
	}
	if it.RealPath != ri.path {
		t.Errorf("Identify(python3) with PATH=%s: RealPath %q, want %q", filepath.Dir(link), it.RealPath, ri.path)
	}
}

func TestIdentifyNotAnInterpreter(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		path    string
		wantErr string
	}{
		{script("silent", "exit 0"), "printed nothing"},
		{script("chatty", "echo hello"), `printed no identity: "hello"`},
		{script("failing", "echo 'boom: no such module' >&2; exit 3"), "exit status 3: boom: no such module"},
		{script("halfjson", "echo '{\"major\": 3,'"), "unreadable identity"},
		{script("noversion", "echo '{\"implementation\": \"cpython\"}'"), "identity without a version"},
		{filepath.Join(dir, "missing"), "no such file"},
	}
	for _, tt := range tests {
		_, err := Identify(context.Background(), tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), tt.path) {
			t.Errorf("Identify(%s): err = %v, want one naming the path and containing %q", filepath.Base(tt.path), err, tt.wantErr)
		}
	}
}

// TestIdentifyFacts checks how the script's answer becomes an Interpreter,
// for builds this machine does not have (pre-releases, free-threaded, debug,
// arm64, PyPy). The answers are constructed.
func TestIdentifyFacts(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "python3")
	if err := os.WriteFile(exe, []byte("\x7fELF"), 0o755); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(exe)
	tests := []struct {
		answer string
		check  func(*Interpreter) bool
		want   string
	}{
		{
			answer: `{"major":3,"minor":14,"micro":0,"releaselevel":"alpha","serial":1,"implementation":"cpython","gil_disabled":true,"debug":true,"machine":"aarch64"}`,
			check: func(i *Interpreter) bool {
				return i.Version == "3.14.0a1" && i.FreeThreaded && i.Debug && i.Arch == "arm64"
			},
			want: "3.14.0a1, free-threaded, debug, arm64",
		},
		{
			answer: "banner from sitecustomize\n" + `{"major":3,"minor":10,"micro":14,"releaselevel":"final","serial":0,"implementation":"pypy","machine":"x86_64","pip_version":"24.0","pip_dir":"/opt/pypy/site-packages"}`,
			check: func(i *Interpreter) bool {
				return i.Implementation == "pypy" && i.PipDir == "/opt/pypy/site-packages" && i.Arch == "amd64"
			},
			want: "pypy after a banner line",
		},
		{
			answer: `{"major":3,"minor":13,"micro":0,"releaselevel":"candidate","serial":2,"implementation":"cpython","machine":"AMD64","include":"C:\\Python313\\Include"}`,
			check: func(i *Interpreter) bool {
				return i.Version == "3.13.0rc2" && i.Arch == "amd64" && i.Include == `C:\Python313\Include`
			},
			want: "3.13.0rc2 on Windows",
		},
	}
	for _, tt := range tests {
		run := func(ctx context.Context, env []string, name string, args ...string) ([]byte, []byte, error) {
			return []byte(tt.answer), nil, nil
		}
		it, err := identify(context.Background(), run, nil, exe, exe, exe, fi)
		if err != nil {
			t.Errorf("%s: %v", tt.want, err)
			continue
		}
		if !tt.check(it) {
			t.Errorf("got %+v, want %s", it, tt.want)
		}
	}
}

func TestIdentityEnv(t *testing.T) {
	env := map[string]string{
		"PATH": "/usr/bin", "HOME": "/home/u", "LANG": "C.UTF-8",
		"PYTHONPATH": "/evil", "PYTHONHOME": "/evil", "PIP_FIND_LINKS": "/opt/wheels", "VIRTUAL_ENV": "/venv",
	}
	got := identityEnv(func(k string) string { return env[k] })
	want := []string{"PATH=/usr/bin", "HOME=/home/u", "LANG=C.UTF-8"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("identityEnv = %q, want %q", got, want)
	}
}
