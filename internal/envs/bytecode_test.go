package envs

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The compiled modules a uv build gets are each module's own, and the
// import system takes them as they are, whether compiled in this build or
// written from the cache into an environment whose sources have other
// times; a source whose content is new is compiled, never served an old
// module's code because its name is the same.
func TestBytecodeIsEachModulesOwn(t *testing.T) {
	for _, version := range []string{"3.12", "3.6"} {
		t.Run(version, func(t *testing.T) {
			spec := testPython(t, version)
			c := &Cache{Root: t.TempDir()}
			c.init()
			site := "lib/python" + version + "/site-packages"

			// The first environment compiles, and fills the cache.
			first := newBytecodeVenv(t, spec, true, 3, site, map[string]string{
				"pkg/__init__.py": "",
				"pkg/mod.py":      "WHO = 'first'\n",
				"pkg/py2.py":      "print 'Python 2 syntax does not compile'\n",
			})
			if err := c.compileBytecode(context.Background(), first); err != nil {
				t.Fatal(err)
			}
			checkImportedFromBytecode(t, spec, filepath.Join(first.venv, site), "first")
			if _, err := os.Stat(filepath.Join(first.venv, site, "pkg", "__pycache__")); err != nil {
				t.Fatal(err)
			}
			if matches, _ := filepath.Glob(filepath.Join(first.venv, site, "pkg", "__pycache__", "py2.*")); len(matches) > 0 {
				t.Errorf("a module that does not compile has byte code: %v", matches)
			}

			// The second has the same sources at other times, and an
			// interpreter that fails if asked to compile: the cache serves
			// every module, with headers the import system accepts.
			second := newBytecodeVenv(t, spec, false, 2, site, map[string]string{
				"pkg/__init__.py": "",
				"pkg/mod.py":      "WHO = 'first'\n",
			})
			if err := c.compileBytecode(context.Background(), second); err != nil {
				t.Fatalf("the cache did not serve every module: %v", err)
			}
			checkImportedFromBytecode(t, spec, filepath.Join(second.venv, site), "first")

			// The third has the same name with other content: compiled.
			third := newBytecodeVenv(t, spec, true, 1, site, map[string]string{
				"pkg/__init__.py": "",
				"pkg/mod.py":      "WHO = 'third'\n",
			})
			if err := c.compileBytecode(context.Background(), third); err != nil {
				t.Fatal(err)
			}
			checkImportedFromBytecode(t, spec, filepath.Join(third.venv, site), "third")
		})
	}
}

// newBytecodeVenv lays out an environment's site-packages with files,
// written hoursAgo. With real set its interpreter is spec's, else a
// stand-in that fails when run.
func newBytecodeVenv(t *testing.T, spec Spec, real bool, hoursAgo int, site string, files map[string]string) *assembly {
	t.Helper()
	tmp := t.TempDir()
	venv := filepath.Join(tmp, "venv")
	when := time.Now().Add(-time.Duration(hoursAgo) * time.Hour)
	for name, body := range files {
		p := filepath.Join(venv, site, filepath.FromSlash(name))
		writeFile(t, p, body)
		os.Chtimes(p, when, when)
	}
	python := venvPython(venv)
	if real {
		if err := os.MkdirAll(filepath.Dir(python), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(spec.Python, python); err != nil {
			t.Fatal(err)
		}
	} else {
		writeFile(t, python, "#!/bin/sh\necho asked to compile >&2\nexit 1\n")
		os.Chmod(python, 0o755)
	}
	return &assembly{key: "k", spec: spec, tmp: tmp, venv: venv, environ: []string{"PATH=/usr/bin:/bin"}}
}

// checkImportedFromBytecode imports pkg.mod from site with the base
// interpreter, writing nothing, and checks that its code came from the
// compiled file and says who.
func checkImportedFromBytecode(t *testing.T, spec Spec, site, who string) {
	t.Helper()
	cmd := exec.Command(spec.Python, "-E", "-s", "-v", "-c", "import sys; sys.path.insert(0, sys.argv[1]); import pkg.mod; print('WHO=' + pkg.mod.WHO)", site)
	cmd.Env = []string{"PYTHONDONTWRITEBYTECODE=1"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "WHO="+who+"\n") {
		t.Errorf("pkg.mod.WHO is not %q:\n%s", who, tail(string(out)))
	}
	pyc := filepath.Join(site, "pkg", "__pycache__", "mod.")
	if !strings.Contains(string(out), "code object from '"+pyc) && !strings.Contains(string(out), "code object from "+pyc) {
		t.Errorf("pkg.mod was not loaded from its compiled file:\n%s", tail(string(out)))
	}
}

func tail(s string) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-15):], "\n")
}

// A planted compiled module in uv builds' cache is damage to uv's sealed
// cache: found, and cleared, before the next uv build.
func TestPlantedBytecodeClearsUVCache(t *testing.T) {
	root := t.TempDir()
	c := &Cache{Root: root}
	entry := filepath.Join(c.uvBytecodeDir(), "0123456789abcdef", "ab", "ab01")
	writeFile(t, entry, "compiled")
	ic := c.installerCacheOf(installerUV)
	if err := ic.save(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	writeFile(t, entry, "planted!")
	release, warning, err := c.useInstallerCache(context.Background(), installerUV)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if !strings.Contains(warning, "uv-bytecode/0123456789abcdef/ab/ab01 changed") || !strings.HasSuffix(warning, ": cleared") {
		t.Errorf("warning %q, want the planted entry named and the cache cleared", warning)
	}
	if _, err := os.Stat(entry); err == nil {
		t.Error("the planted entry is still there")
	}
}
