package envs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testPython finds a real interpreter whose version starts with prefix
// ("3.12") and returns the Spec fields for it, or skips the test. It looks
// under pyenv's versions (never its shims, which cost 0.4 s a call) and on
// PATH as python<prefix>.
func testPython(t testing.TB, prefix string) Spec {
	t.Helper()
	root := os.Getenv("PYENV_ROOT")
	if root == "" {
		home, _ := os.UserHomeDir()
		root = filepath.Join(home, ".pyenv")
	}
	candidates, _ := filepath.Glob(filepath.Join(root, "versions", prefix+".*", "bin", "python3"))
	if p, err := exec.LookPath("python" + prefix); err == nil && !strings.Contains(p, "shims") {
		candidates = append(candidates, p)
	}
	for _, c := range candidates {
		if spec, err := describePython(c); err == nil && strings.HasPrefix(spec.PythonVersion, prefix+".") {
			return spec
		}
	}
	t.Skipf("no Python %s interpreter found (looked in %s/versions and PATH)", prefix, root)
	return Spec{}
}

// describePython fills the interpreter fields of a Spec the way the runner
// does: the real path, an identity from path, size and mtime, the version,
// and the folder holding its pip.
func describePython(path string) (Spec, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return Spec{}, err
	}
	info, err := os.Stat(real)
	if err != nil {
		return Spec{}, err
	}
	out, err := exec.Command(real, "-I", "-c",
		"import sys, os\nprint('%d.%d.%d' % sys.version_info[:3])\n"+
			"try:\n import pip; print(os.path.dirname(os.path.dirname(pip.__file__)))\nexcept ImportError:\n print('')\n").Output()
	if err != nil {
		return Spec{}, err
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	spec := Spec{
		Python:        real,
		PythonKey:     shortHash(real, fmt.Sprint(info.Size()), fmt.Sprint(info.ModTime().UnixNano())),
		PythonVersion: lines[0],
	}
	if len(lines) > 1 {
		spec.PipDir = lines[1]
	}
	return spec, nil
}

// newTestCache is a pip-installing cache in a fresh folder, closed at the
// end of the test.
func newTestCache(t testing.TB) *Cache {
	t.Helper()
	c := &Cache{Root: t.TempDir(), Installer: "pip"}
	t.Cleanup(func() { c.Close() })
	return c
}

// offline is the index setting of every real build in these tests: the
// machine has no network, and the wheels come from wh.
func offline(wh string) Index { return Index{NoIndex: true, FindLinks: []string{wh}} }

// runIn runs a program of env with env's environment and returns its
// combined output.
func runIn(t testing.TB, env *Env, base []string, argv ...string) string {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env.environ(base)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	return string(out)
}
