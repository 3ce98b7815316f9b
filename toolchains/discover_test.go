package toolchains

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// runCounter wraps the real commandRunner and remembers what it ran.
type runCounter struct {
	mu   sync.Mutex
	runs []string
}

func (c *runCounter) run(ctx context.Context, env []string, name string, args ...string) ([]byte, []byte, error) {
	c.mu.Lock()
	c.runs = append(c.runs, name)
	c.mu.Unlock()
	return runCommand(ctx, env, name, args...)
}

func (c *runCounter) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.runs)
}

// tree builds files and symlinks under a temporary directory.
type tree struct {
	t    *testing.T
	root string
}

func (tr tree) path(rel string) string { return filepath.Join(tr.root, filepath.FromSlash(rel)) }

func (tr tree) symlink(rel, target string) string {
	p := tr.path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
		tr.t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		tr.t.Fatal(err)
	}
	return p
}

func (tr tree) file(rel, content string, mode os.FileMode) string {
	p := tr.path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
		tr.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		tr.t.Fatal(err)
	}
	return p
}

func (tr tree) dir(rel string) string {
	p := tr.path(rel)
	if err := os.MkdirAll(p, 0o777); err != nil {
		tr.t.Fatal(err)
	}
	return p
}

// shim is what pyenv installs: a script that would pick and run a python.
const shim = "#!/usr/bin/env bash\necho this shim must never run >&2\nexit 1\n"

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// TestDiscoverFakeTree searches every kind of place in a fake tree whose
// links lead to this machine's real interpreters, and checks that each real
// file is reported once, from the first place it was met, and that no shim
// or script is ever run.
func TestDiscoverFakeTree(t *testing.T) {
	reals := realInterpreters(t)
	if len(reals) < 6 {
		t.Skipf("need 6 real interpreters, have %d", len(reals))
	}
	a, b, c, d, e, f := reals[0].path, reals[1].path, reals[2].path, reals[3].path, reals[4].path, reals[5].path
	tr := tree{t, t.TempDir()}

	tr.symlink("usr/bin/python3", a)
	tr.symlink("usr/bin/python3.99", a) // a second name for a
	tr.file("usr/bin/python", shim, 0o755)
	tr.file("usr/bin/python3-config", "#!/bin/sh\n", 0o755)
	tr.symlink("bin", tr.path("usr/bin")) // like /bin -> /usr/bin
	tr.file("shims/python3", shim, 0o755)
	tr.file("pyenv/shims/python3", shim, 0o755)
	tr.symlink("pyenv/versions/9.1.0/bin/python3", b)
	tr.symlink("pyenv/versions/9.2.0/bin/python3", a) // met on PATH first
	tr.file("pyenv/versions/9.3.0/bin/python3", shim, 0o755)
	tr.symlink("uv/cpython-9.4.0-linux-x86_64-gnu/bin/python3.9", c)
	tr.symlink("explicit/my-python", d)
	tr.symlink("root/opt/homebrew/bin/python3", e)
	tr.symlink("root/opt/homebrew/opt/python@3.99/bin/python3.99", e)
	tr.symlink("root/Library/Frameworks/Python.framework/Versions/9.9/bin/python3", f)
	tr.dir("home")

	env := map[string]string{
		"PATH": strings.Join([]string{
			tr.path("pyenv/shims"), tr.path("shims"), tr.path("usr/bin"), tr.path("bin"), "", tr.path("missing"),
		}, string(os.PathListSeparator)),
		"HOME":                  tr.path("home"),
		"PYENV_ROOT":            tr.path("pyenv"),
		"UV_PYTHON_INSTALL_DIR": tr.path("uv"),
		"CLEANEXIT_PYTHONS":     tr.path("explicit/my-python") + string(os.PathListSeparator) + tr.path("explicit/gone"),
	}

	tests := []struct {
		goos string
		want map[string]string // RealPath -> Source
	}{
		{"linux", map[string]string{a: SourcePath, b: SourcePyenv, c: SourceUV, d: SourceEnv}},
		{"darwin", map[string]string{a: SourcePath, b: SourcePyenv, c: SourceUV, d: SourceEnv, e: SourceHomebrew, f: SourceFramework}},
	}
	for _, tt := range tests {
		var counter runCounter
		var warnings []error
		its, err := Discover(context.Background(), Options{
			Getenv: envOf(env),
			GOOS:   tt.goos,
			Warn:   func(err error) { warnings = append(warnings, err) },
			run:    counter.run,
			root:   tr.path("root"),
		})
		if err != nil {
			t.Fatalf("%s: %v", tt.goos, err)
		}
		got := map[string]string{}
		for _, it := range its {
			if _, dup := got[it.RealPath]; dup {
				t.Errorf("%s: %s reported twice", tt.goos, it.RealPath)
			}
			got[it.RealPath] = it.Source
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: found %v, want %v", tt.goos, got, tt.want)
		}
		for real, source := range tt.want {
			if got[real] != source {
				t.Errorf("%s: %s from %q, want %q", tt.goos, real, got[real], source)
			}
		}
		for _, it := range its {
			if it.RealPath == a && it.Path != tr.path("usr/bin/python3") {
				t.Errorf("%s: %s reported at %s, want the first path met, %s", tt.goos, a, it.Path, tr.path("usr/bin/python3"))
			}
		}
		sorted := sort.SliceIsSorted(its, func(i, j int) bool {
			return its[i].Major*10000+its[i].Minor*100+its[i].Micro < its[j].Major*10000+its[j].Minor*100+its[j].Micro
		})
		if !sorted {
			t.Errorf("%s: not sorted by version: %v", tt.goos, its)
		}
		// One process per real interpreter; never a shim.
		if counter.count() != len(tt.want) {
			t.Errorf("%s: %d processes ran (%q), want %d", tt.goos, counter.count(), counter.runs, len(tt.want))
		}
		for _, name := range counter.runs {
			if isScript(name) {
				t.Errorf("%s: ran script %s", tt.goos, name)
			}
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), tr.path("explicit/gone")) {
			t.Errorf("%s: warnings %v, want one about %s", tt.goos, warnings, tr.path("explicit/gone"))
		}
	}
}

// TestDiscoverSkipsBrokenInterpreter: a binary that fails to identify is
// passed to Warn, the rest is still reported, and with a cache the failure
// costs a process only once.
func TestDiscoverSkipsBrokenInterpreter(t *testing.T) {
	reals := realInterpreters(t)
	tr := tree{t, t.TempDir()}
	tr.symlink("bin/python3", reals[0].path)
	falseBin, err := os.ReadFile("/bin/false")
	if err != nil {
		t.Skip("no /bin/false to play a broken interpreter")
	}
	broken := tr.file("bin/python3.98", string(falseBin), 0o755)
	env := map[string]string{"PATH": tr.path("bin"), "HOME": tr.dir("home")}
	cache := t.TempDir()

	for round, wantRuns := range []int{2, 0} {
		var counter runCounter
		var warnings []error
		its, err := Discover(context.Background(), Options{
			Getenv: envOf(env), CacheDir: cache, run: counter.run,
			Warn: func(err error) { warnings = append(warnings, err) },
		})
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if len(its) != 1 || its[0].RealPath != reals[0].path {
			t.Errorf("round %d: found %v, want only %s", round, its, reals[0].path)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), broken) {
			t.Errorf("round %d: warnings %v, want one naming %s", round, warnings, broken)
		}
		if counter.count() != wantRuns {
			t.Errorf("round %d: %d processes ran, want %d", round, counter.count(), wantRuns)
		}
	}
}

func TestDiscoverNothingFound(t *testing.T) {
	tr := tree{t, t.TempDir()}
	falseBin, _ := os.ReadFile("/bin/false")
	tests := []struct {
		name     string
		setup    func() map[string]string
		wantText []string
	}{
		{
			name: "empty machine",
			setup: func() map[string]string {
				return map[string]string{"PATH": tr.dir("empty/bin"), "HOME": tr.dir("empty/home")}
			},
			wantText: []string{"no Python interpreter found", "PATH", "CLEANEXIT_PYTHONS", filepath.Join(tr.path("empty/home"), ".pyenv", "versions")},
		},
		{
			name: "only shims and a broken binary",
			setup: func() map[string]string {
				tr.file("broken/bin/python3", shim, 0o755)
				tr.file("broken/bin/python3.97", string(falseBin), 0o755)
				return map[string]string{"PATH": tr.path("broken/bin"), "HOME": tr.dir("broken/home")}
			},
			wantText: []string{"no Python interpreter found", tr.path("broken/bin/python3.97")},
		},
	}
	for _, tt := range tests {
		its, err := Discover(context.Background(), Options{Getenv: envOf(tt.setup())})
		if !errors.Is(err, ErrNoInterpreter) || len(its) != 0 {
			t.Errorf("%s: Discover = %v, %v; want ErrNoInterpreter", tt.name, its, err)
			continue
		}
		for _, want := range tt.wantText {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %q does not mention %q", tt.name, err, want)
			}
		}
	}
}

func TestDiscoverCanceled(t *testing.T) {
	reals := realInterpreters(t)
	tr := tree{t, t.TempDir()}
	tr.symlink("bin/python3", reals[0].path)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Discover(ctx, Options{Getenv: envOf(map[string]string{"PATH": tr.path("bin")})})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Discover(canceled) = %v, want context.Canceled", err)
	}
}

func TestInterpreterNameMatching(t *testing.T) {
	tests := []struct {
		name, goos string
		want       bool
	}{
		{"python", "linux", true},
		{"python3", "linux", true},
		{"python3.12", "linux", true},
		{"python3.13t", "linux", true},
		{"python2.7", "linux", true},
		{"python3.6m", "linux", true},
		{"python3-config", "linux", false},
		{"python3.12-config", "linux", false},
		{"python3.11-gdb.py", "linux", false},
		{"pythonw", "darwin", false},
		{"python3.exe", "windows", true},
		{"Python.EXE", "windows", true},
		{"python3", "windows", false},
		{"pythonw.exe", "windows", false},
		{"ipython3", "linux", false},
	}
	for _, tt := range tests {
		if got := isInterpreterName(tt.name, tt.goos); got != tt.want {
			t.Errorf("isInterpreterName(%q, %s) = %v, want %v", tt.name, tt.goos, got, tt.want)
		}
	}
}

// thisMachine is the environment Discover sees here, minus
// CLEANEXIT_PYTHONS, so that a developer's setting cannot skew the numbers.
func thisMachine(k string) string {
	if k == "CLEANEXIT_PYTHONS" {
		return ""
	}
	return os.Getenv(k)
}

// TestDiscoverThisMachine runs discovery for real, cold then warm, and
// logs how long each took (go test -run DiscoverThisMachine -v). A warm run
// must start no process and agree with the cold one.
func TestDiscoverThisMachine(t *testing.T) {
	realInterpreters(t)
	cache := t.TempDir()

	var cold runCounter
	start := time.Now()
	coldIts, err := Discover(context.Background(), Options{Getenv: thisMachine, CacheDir: cache, run: cold.run})
	coldTime := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}

	var warm runCounter
	start = time.Now()
	warmIts, err := Discover(context.Background(), Options{Getenv: thisMachine, CacheDir: cache, run: warm.run})
	warmTime := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}

	t.Logf("cold: %d interpreters, %d processes, %v", len(coldIts), cold.count(), coldTime)
	t.Logf("warm: %d interpreters, %d processes, %v", len(warmIts), warm.count(), warmTime)
	for _, it := range warmIts {
		t.Logf("  %-8s %-6s %s (%s)", it.Source, it.ShortVersion(), it, it.Path)
	}
	if warm.count() != 0 {
		t.Errorf("warm Discover ran %q", warm.runs)
	}
	if len(warmIts) != len(coldIts) {
		t.Fatalf("warm found %d interpreters, cold %d", len(warmIts), len(coldIts))
	}
	for i := range coldIts {
		c, w := *coldIts[i], *warmIts[i]
		if c.Key() != w.Key() || c.Path != w.Path || c.Source != w.Source || c.Version != w.Version || c.PipDir != w.PipDir {
			t.Errorf("warm %+v\ndiffers from cold %+v", w, c)
		}
	}
}

func BenchmarkDiscoverWarm(b *testing.B) {
	cache := b.TempDir()
	if _, err := Discover(context.Background(), Options{Getenv: thisMachine, CacheDir: cache}); err != nil {
		b.Skip(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Discover(context.Background(), Options{Getenv: thisMachine, CacheDir: cache}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDiscoverCold(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Discover(context.Background(), Options{Getenv: thisMachine}); err != nil {
			b.Skip(err)
		}
	}
}

func TestIsShimDir(t *testing.T) {
	tests := []struct {
		dir, pyenvRoot string
		want           bool
	}{
		{"/root/.pyenv/shims", "/root/.pyenv", true},
		{"/root/.pyenv/shims/", "", true},
		{"/root/.pyenv/plugins/pyenv-virtualenv/shims", "/root/.pyenv", true},
		{"/home/u/.asdf/shims", "", true},
		{"/opt/pyenv/shims", "/opt/pyenv", true},
		{"/usr/bin", "/root/.pyenv", false},
		{"/root/.pyenv/bin", "/root/.pyenv", false},
	}
	for _, tt := range tests {
		if got := isShimDir(tt.dir, tt.pyenvRoot); got != tt.want {
			t.Errorf("isShimDir(%q, %q) = %v, want %v", tt.dir, tt.pyenvRoot, got, tt.want)
		}
	}
}

// TestDiscoverExplicitWrapper: a script named in CLEANEXIT_PYTHONS is the
// user's choice, so it is run (unlike a script met on PATH), but never
// cached, since its identity is not its file's.
func TestDiscoverExplicitWrapper(t *testing.T) {
	reals := realInterpreters(t)
	tr := tree{t, t.TempDir()}
	wrapper := tr.file("wrap/python-wrapped", "#!/bin/sh\nexec "+reals[0].path+" \"$@\"\n", 0o755)
	env := map[string]string{"PATH": tr.dir("empty"), "HOME": tr.dir("home"), "CLEANEXIT_PYTHONS": wrapper}
	cache := t.TempDir()
	for round := 0; round < 2; round++ {
		var counter runCounter
		its, err := Discover(context.Background(), Options{Getenv: envOf(env), CacheDir: cache, run: counter.run})
		if err != nil {
			t.Fatal(err)
		}
		if len(its) != 1 || its[0].RealPath != wrapper || its[0].Source != SourceEnv || its[0].Major != reals[0].major {
			t.Errorf("round %d: found %v, want %s from env", round, its, wrapper)
		}
		if counter.count() != 1 {
			t.Errorf("round %d: %d processes, want 1", round, counter.count())
		}
	}
}

// TestCandidatesListEachFolderOnce: with /usr merged, PATH names /usr/bin
// and /bin, one folder; it is listed once, under the name PATH gives first.
func TestCandidatesListEachFolderOnce(t *testing.T) {
	tr := tree{t, t.TempDir()}
	tr.file("usr/bin/python3", "", 0o755)
	bin := tr.symlink("bin", tr.path("usr/bin"))
	d := newDiscovery(Options{GOOS: "linux", Getenv: func(k string) string {
		if k == "PATH" {
			return tr.path("usr/bin") + string(os.PathListSeparator) + bin
		}
		return ""
	}})
	cands, _ := d.candidates()
	var paths []string
	for _, c := range cands {
		paths = append(paths, c.path)
	}
	if want := []string{tr.path("usr/bin/python3")}; !slices.Equal(paths, want) {
		t.Errorf("candidates = %q, want %q", paths, want)
	}
}
