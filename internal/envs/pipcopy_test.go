package envs

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// copyTree must give pip a tree whose files read the same and keep their
// modification times (else the base's __pycache__ goes stale), whether it
// linked them or copied them, and keep symbolic links as links.
func TestCopyTree(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on windows")
	}
	src := filepath.Join(t.TempDir(), "pip")
	old := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	files := map[string]string{
		"__init__.py":                          "__version__ = \"24.0\"\n",
		"_internal/cli/main.py":                "def main(): pass\n",
		"__pycache__/__init__.cpython-312.pyc": "\x00pyc",
	}
	for name, body := range files {
		path := filepath.Join(src, name)
		writeFile(t, path, body)
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("__init__.py", filepath.Join(src, "link.py")); err != nil {
		t.Fatal(err)
	}

	dst := filepath.Join(t.TempDir(), "copy", "pip")
	if err := copyTree(src, dst, linkFiles); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		path := filepath.Join(dst, name)
		data, err := os.ReadFile(path)
		if err != nil || string(data) != body {
			t.Errorf("%s: %q, %v; want %q", name, data, err, body)
			continue
		}
		if info, err := os.Stat(path); err != nil || !info.ModTime().Equal(old) {
			t.Errorf("%s: modification time %v, want %v", name, info.ModTime(), old)
		}
	}
	if target, err := os.Readlink(filepath.Join(dst, "link.py")); err != nil || target != "__init__.py" {
		t.Errorf("link.py: %q, %v; want a link to __init__.py", target, err)
	}
	// Changing the copy (as pip's upgrade of the base would, by replacing
	// files) leaves the source alone.
	if err := os.Remove(filepath.Join(dst, "__init__.py")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(src, "__init__.py")); err != nil {
		t.Errorf("removing the copy's file removed the source's: %v", err)
	}
}

// A case without --sandbox can write the cached pip copy in place: code
// appended to its __init__.py runs in every later environment build. The
// copy must be no way into the interpreter's own pip (a hard link is),
// and the next use must find the change and make a fresh copy rather than
// run it.
func TestPipCopySealed(t *testing.T) {
	base := t.TempDir()
	writeFile(t, filepath.Join(base, "pip", "__init__.py"), "__version__ = \"24.0\"\n")
	writeFile(t, filepath.Join(base, "pip", "_internal", "main.py"), "def main(): pass\n")
	c := &Cache{Root: t.TempDir()}
	spec := Spec{PythonKey: "py", PipDir: base}
	dir, release, err := c.ensurePipCopy(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	release()
	f, err := os.OpenFile(filepath.Join(dir, "pip", "__init__.py"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("open('/tmp/pwned', 'w')\n")
	f.Close()
	if data, _ := os.ReadFile(filepath.Join(base, "pip", "__init__.py")); string(data) != "__version__ = \"24.0\"\n" {
		t.Errorf("writing the copy wrote the interpreter's pip: %q", data)
	}
	dir, release, err = c.ensurePipCopy(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	release()
	if data, _ := os.ReadFile(filepath.Join(dir, "pip", "__init__.py")); string(data) != "__version__ = \"24.0\"\n" {
		t.Errorf("the next use runs the changed copy: %q", data)
	}
}
