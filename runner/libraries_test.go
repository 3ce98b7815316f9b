package runner

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/toolchains"
)

// TestLibraries plants, rewrites and compiles modules in a standard
// library laid out as CPython's, with the kernel's reports and without.
func TestLibraries(t *testing.T) {
	for _, watched := range []bool{false, true} {
		name := "folder times"
		if watched {
			name = "watcher"
		}
		t.Run(name, func(t *testing.T) {
			prefix := t.TempDir()
			lib := filepath.Join(prefix, "lib", "python3.12")
			for _, f := range []string{"bin/python3.12", "lib/python3.12/os.py", "lib/python3.12/encodings/utf_8.py",
				"lib/python3.12/site-packages/x.py", "lib/python3.12/test/test_os.py"} {
				mkfile(t, filepath.Join(prefix, f), "")
			}
			in := &toolchains.Interpreter{RealPath: filepath.Join(prefix, "bin", "python3.12"), Major: 3, Minor: 12}
			other := &toolchains.Interpreter{RealPath: "/nowhere/bin/python3.13", Major: 3, Minor: 13}
			var w *fswatch.Watcher
			if watched {
				var err error
				if w, err = fswatch.New(); err != nil {
					t.Skip(err)
				}
				defer w.Close()
			}
			l := watchLibraries([]*plan.Run{{Interp: in}, {Interp: other}}, w)
			if watched && !l.seals[lib].Watched() {
				t.Fatal("the library was not given to the watcher")
			}
			quiet := func(what string) {
				t.Helper()
				if wrote, earlier, _ := l.check(in); len(wrote) > 0 || earlier != "" {
					t.Errorf("%s: check = %q, %q; want nothing", what, wrote, earlier)
				}
			}
			quiet("untouched")
			// What a run may do: install into the base's site-packages,
			// which no environment reads.
			mkfile(t, filepath.Join(lib, "site-packages", "y.py"), "")
			quiet("the base's site-packages")

			mkfile(t, filepath.Join(lib, "sitecustomize.py"), "import os; os._exit(0)")
			wrote, earlier, _ := l.check(in)
			if len(wrote) != 1 || !strings.HasPrefix(wrote[0], filepath.Join(lib, "sitecustomize.py")+" (python 3.12's standard library)") || earlier != "" {
				t.Fatalf("after a plant: check = %q, %q; want the planted file", wrote, earlier)
			}
			wrote, earlier, _ = l.check(in)
			if len(wrote) > 0 || !strings.Contains(earlier, "changed by an earlier run (it wrote to "+filepath.Join(lib, "sitecustomize.py")) {
				t.Errorf("the next run: check = %q, %q; want the earlier change named", wrote, earlier)
			}
			if wrote, earlier, _ = l.check(other); len(wrote) > 0 || earlier != "" {
				t.Errorf("a run of another interpreter: check = %q, %q; want nothing", wrote, earlier)
			}
			os.Remove(filepath.Join(lib, "encodings", "utf_8.py"))
			if wrote, _, _ = l.check(in); len(wrote) != 1 || !strings.HasPrefix(wrote[0], filepath.Join(lib, "encodings", "utf_8.py")) {
				t.Errorf("after a module was removed: check = %q", wrote)
			}
			// A .pyc that is not its source's, compiled (this interpreter
			// cannot even run): a plant. TestCompiledFromSource tells one
			// from the interpreter's own.
			mkfile(t, filepath.Join(lib, "encodings", "__pycache__", "utf_8.cpython-312.pyc"), "pyc")
			if wrote, _, _ = l.check(in); len(wrote) != 1 || !strings.Contains(wrote[0], filepath.Join(lib, "encodings", "__pycache__")) {
				t.Errorf("after a .pyc was planted: check = %q", wrote)
			}
			if watched {
				// In place: only the kernel sees it.
				mkfile(t, filepath.Join(lib, "os.py"), "import sys; sys.exit(0)")
				if wrote, _, _ = l.check(in); len(wrote) != 1 || !strings.HasPrefix(wrote[0], filepath.Join(lib, "os.py")) {
					t.Errorf("after os.py was rewritten: check = %q", wrote)
				}
				// More events than the kernel queues: it cannot vouch, and
				// the run is told so rather than nothing.
				limit, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events")
				n, _ := strconv.Atoi(strings.TrimSpace(string(limit)))
				if err != nil || n == 0 || n > 1<<16 {
					t.Skipf("no inotify queue limit to overflow (%q, %v)", limit, err)
				}
				files := []string{filepath.Join(lib, "os.py"), filepath.Join(lib, "sitecustomize.py")}
				for i := range n + 10 {
					os.Chmod(files[i%2], os.FileMode(0o600+i%2))
				}
				if wrote, _, unchecked := l.check(in); len(wrote) > 0 || len(unchecked) != 1 || !strings.Contains(unchecked[0], "not checked") {
					t.Errorf("after the kernel lost events: check = %q, unchecked %q; want one warning", wrote, unchecked)
				}
			}
		})
	}
}

func mkfile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
}
