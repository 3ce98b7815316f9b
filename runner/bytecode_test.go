package runner

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestIsBytecodeName(t *testing.T) {
	for _, c := range []struct {
		path string
		want bool
	}{
		{"/lib/python3.12/json/__pycache__", true},
		{"/lib/python3.12/json/__pycache__/__init__.cpython-312.pyc", true},
		{"/lib/python3.12/json/__pycache__/__init__.cpython-312.opt-1.pyc", true},
		{"/lib/python3.12/json/__pycache__/__init__.cpython-312.pyc.139953166241104", true},
		{"/lib/python2.7/json/__init__.pyc", true},
		{"/lib/python2.7/json/__init__.pyo", true},
		{"/lib/python3.12/sitecustomize.py", false},
		{"/lib/python3.12/json/__init__.pyc (removed)", false},
		{"/lib/python3.12/json", false},
	} {
		if got := isBytecodeName(c.path); got != c.want {
			t.Errorf("isBytecodeName(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

// TestCompiledFromSource has a real interpreter compile a module, then
// plants a .pyc whose header matches the source and whose code does not.
func TestCompiledFromSource(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	dir := t.TempDir()
	own, planted := filepath.Join(dir, "own.py"), filepath.Join(dir, "planted.py")
	mkfile(t, own, "x = 1\n")
	mkfile(t, planted, "y = 2\n")
	compile := `import importlib._bootstrap_external as be, importlib.util, os, py_compile, sys
py_compile.compile(sys.argv[1], doraise=True)
src = sys.argv[2]
st = os.stat(src)
pyc = importlib.util.cache_from_source(src)
with open(pyc, "wb") as f:
    f.write(be._code_to_timestamp_pyc(compile("import os; os._exit(0)", src, "exec"), st.st_mtime, st.st_size))
print(importlib.util.cache_from_source(sys.argv[1]))
print(pyc)`
	out, err := exec.Command(python, "-c", compile, own, planted).Output()
	if err != nil {
		t.Fatal(err)
	}
	pycs := strings.Fields(string(out))
	gone := filepath.Join(dir, "__pycache__", "own.cpython-399.pyc.1234")
	// A .pyc in __pycache__ without a source is never imported; one where
	// the source would be is.
	orphan := filepath.Join(dir, "__pycache__", "nosource.cpython-312.pyc")
	mkfile(t, orphan, "anything")
	legacy := filepath.Join(dir, "legacy.pyc")
	mkfile(t, legacy, "anything")
	got := compiledFromSource(python, []string{pycs[0], pycs[1], gone, own, orphan, legacy})
	if want := []string{pycs[1], own, legacy}; !slices.Equal(got, want) {
		t.Errorf("compiledFromSource kept %q, want %q (the planted .pyc, the source, the sourceless .pyc beside it)", got, want)
	}
	if got := compiledFromSource(python, []string{filepath.Join(dir, "__pycache__")}); len(got) != 1 {
		t.Errorf("a __pycache__ holding a plant: kept %q, want it named", got)
	}
}
