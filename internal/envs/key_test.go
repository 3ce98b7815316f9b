package envs

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

func TestKey(t *testing.T) {
	src := t.TempDir()
	for _, f := range []string{"pyproject.toml", "pkg/__init__.py", ".git/HEAD", "pkg/__pycache__/x.pyc", "build/lib/x.py", "pkg.egg-info/PKG-INFO"} {
		writeFile(t, filepath.Join(src, f), "x")
	}
	wh := wheelhouse(t, threeWheels...)
	base := Spec{
		Python: "/py/bin/python3.12", PythonKey: "k1", PythonVersion: "3.12.1",
		Packages: []string{"alpha", "beta==1.0", src},
		Index:    Index{NoIndex: true, FindLinks: []string{wh}},
	}
	baseKey := base.key()
	if !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(baseKey) {
		t.Fatalf("Key() = %q, want 16 hex digits", baseKey)
	}
	later := time.Now().Add(time.Hour)

	tests := []struct {
		name   string
		change func(s *Spec)
		same   bool
	}{
		{"nothing", func(s *Spec) {}, true},
		{"package order and duplicates", func(s *Spec) { s.Packages = []string{src, "beta==1.0", "alpha", "alpha", " "} }, true},
		{"PipDir", func(s *Spec) { s.PipDir = "/elsewhere" }, true},
		{"git metadata of a local tree", func(s *Spec) { writeFile(t, filepath.Join(src, ".git/index"), "y") }, true},
		{"bytecode of a local tree", func(s *Spec) { writeFile(t, filepath.Join(src, "pkg/__pycache__/y.pyc"), "y") }, true},
		{"build output of a local tree", func(s *Spec) { writeFile(t, filepath.Join(src, "pkg.egg-info/SOURCES.txt"), "y") }, true},
		{"interpreter identity", func(s *Spec) { s.PythonKey = "k2" }, false},
		{"interpreter path", func(s *Spec) { s.Python = "/other/python3.12" }, false},
		// An upgrade in place: the same path, a new build.
		{"interpreter version", func(s *Spec) { s.PythonVersion = "3.12.2" }, false},
		{"a package", func(s *Spec) { s.Packages = []string{"alpha", "beta==2.0", src} }, false},
		{"index url", func(s *Spec) { s.Index.URL = "https://mirror/simple" }, false},
		{"extra index", func(s *Spec) { s.Index.Extra = []string{"https://extra/simple"} }, false},
		{"no-index", func(s *Spec) { s.Index.NoIndex = false }, false},
		{"find-links", func(s *Spec) { s.Index.FindLinks = nil }, false},
		{"a new wheel in find-links", func(s *Spec) { writeWheel(t, wh, testWheel{Name: "alpha", Version: "2.0"}) }, false},
		{"a source file edited", func(s *Spec) {
			os.Chtimes(filepath.Join(src, "pkg/__init__.py"), later, later)
		}, false},
		{"a source file added", func(s *Spec) { writeFile(t, filepath.Join(src, "pkg/new.py"), "") }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := base.key()
			s := base
			s.Packages = append([]string(nil), base.Packages...)
			tt.change(&s)
			if got := s.key(); (got == before) != tt.same {
				t.Errorf("key %s -> %s; same = %v, want %v", before, got, got == before, tt.same)
			}
		})
	}
}

// An environment without packages installs nothing: the index settings
// are not part of it, and its key does not list the find-links folders.
func TestKeyWithoutPackages(t *testing.T) {
	wh := wheelhouse(t, threeWheels...)
	bare := Spec{Python: "/py/bin/python3.12", PythonKey: "k1", PythonVersion: "3.12.1"}
	key := bare.key()
	for name, index := range map[string]Index{
		"offline":   {NoIndex: true, FindLinks: []string{wh}},
		"mirror":    {URL: "https://mirror/simple", Extra: []string{"https://extra/simple"}},
		"build env": {Env: []string{"TOKEN"}},
	} {
		s := bare
		s.Index = index
		if got := s.key(); got != key {
			t.Errorf("%s index: bare key %s -> %s, want it unchanged", name, key, got)
		}
	}
	s := bare
	s.Packages = []string{" "}
	if got := s.key(); got != key {
		t.Errorf("a blank requirement changed the bare key %s -> %s", key, got)
	}
	s.Packages = []string{"alpha"}
	if got := s.key(); got == key {
		t.Errorf("a package left the bare key %s unchanged", key)
	}
}

func TestLocalRequirementPath(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		req, path string
		local     bool
	}{
		{"alpha>=1", "", false},
		{"alpha @ https://example.org/alpha-1.0-py3-none-any.whl", "", false},
		{dir, dir, true},
		{dir + "/x-1.0-py3-none-any.whl", dir + "/x-1.0-py3-none-any.whl", true},
		{dir + "[extra]", dir, true},
		{"x @ file://" + dir, dir, true},
		{"x @ file://" + dir + " ; python_version >= '3'", dir, true},
	}
	for _, tt := range tests {
		path, local := localRequirementPath(tt.req)
		if path != tt.path || local != tt.local {
			t.Errorf("localRequirementPath(%q) = %q, %v; want %q, %v", tt.req, path, local, tt.path, tt.local)
		}
	}
}

func writeFile(t testing.TB, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o666); err != nil {
		t.Fatal(err)
	}
}
