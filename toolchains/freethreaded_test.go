package toolchains

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// freeThreadedFacts are what identify.py prints for free-threaded builds
// this machine does not have, keyed by where each is installed. The
// sysconfig values are recorded from public sources, not invented:
// EXT_SUFFIX ".cpython-313t-x86_64-linux-gnu.so" with build flag
// Py_GIL_DISABLED is maturin's table of CPython 3.13 "t" sysconfig on
// x86_64-unknown-linux-gnu (PyO3/maturin, src/python_interpreter/config.rs
// tests); pyenv's 3.13t installs keep headers in include/python3.13t and
// the interpreter as bin/python3.13t (a pyenv versions/3.13.13t tree
// quoted in a public build script); uv names its free-threaded installs
// cpython-3.14.0+freethreaded-<platform> with bin/python3.14t; python.org's
// macOS installer puts them in PythonT.framework, suffix ".cpython-313t-darwin.so".
var freeThreadedFacts = map[string]string{
	"pyenv/versions/3.13.1t/bin/python3.13t":                                  `{"major":3,"minor":13,"micro":1,"releaselevel":"final","serial":0,"implementation":"cpython","gil_disabled":true,"debug":false,"machine":"x86_64","include":"PYENV/versions/3.13.1t/include/python3.13t","ext_suffix":".cpython-313t-x86_64-linux-gnu.so"}`,
	"uv/cpython-3.14.0+freethreaded-linux-x86_64-gnu/bin/python3.14t":         `{"major":3,"minor":14,"micro":0,"releaselevel":"final","serial":0,"implementation":"cpython","gil_disabled":true,"debug":false,"machine":"x86_64","include":"UV/include/python3.14t","ext_suffix":".cpython-314t-x86_64-linux-gnu.so"}`,
	"uv/cpython-3.14.0-linux-x86_64-gnu/bin/python3.14":                       `{"major":3,"minor":14,"micro":0,"releaselevel":"final","serial":0,"implementation":"cpython","gil_disabled":false,"debug":false,"machine":"x86_64","include":"UV/include/python3.14","ext_suffix":".cpython-314-x86_64-linux-gnu.so"}`,
	"uv/cpython-3.14.0+freethreaded+debug-linux-x86_64-gnu/bin/python3.14td":  `{"major":3,"minor":14,"micro":0,"releaselevel":"final","serial":0,"implementation":"cpython","gil_disabled":true,"debug":true,"machine":"x86_64","include":"UV/include/python3.14td","ext_suffix":".cpython-314td-x86_64-linux-gnu.so"}`,
	"root/Library/Frameworks/PythonT.framework/Versions/3.13/bin/python3.13t": `{"major":3,"minor":13,"micro":1,"releaselevel":"final","serial":0,"implementation":"cpython","gil_disabled":true,"debug":false,"machine":"arm64","include":"/Library/Frameworks/PythonT.framework/Versions/3.13/include/python3.13t","ext_suffix":".cpython-313t-darwin.so"}`,
}

// TestDiscoverFreeThreaded finds free-threaded builds where pyenv, uv and
// python.org put them, by their python3.Nt names, and labels them 3.13t,
// 3.14t and 3.14td with the free-threading feature.
func TestDiscoverFreeThreaded(t *testing.T) {
	tr := tree{t, t.TempDir()}
	answers := map[string]string{}
	for rel, facts := range freeThreadedFacts {
		p := tr.file(rel, "\x7fELF", 0o755)
		answers[p] = facts
	}
	tr.dir("home")
	env := map[string]string{
		"PATH":                  tr.dir("empty"),
		"HOME":                  tr.path("home"),
		"PYENV_ROOT":            tr.path("pyenv"),
		"UV_PYTHON_INSTALL_DIR": tr.path("uv"),
	}
	run := func(ctx context.Context, env []string, name string, args ...string) ([]byte, []byte, error) {
		if a, ok := answers[name]; ok {
			return []byte(a), nil, nil
		}
		return nil, nil, fmt.Errorf("no recorded answer for %s", name)
	}
	its, err := Discover(context.Background(), Options{Getenv: envOf(env), GOOS: "darwin", run: run, root: tr.path("root")})
	if err != nil {
		t.Fatal(err)
	}
	type seen struct {
		short, ext string
		features   []string
	}
	got := map[string]seen{}
	var order []string
	for _, it := range its {
		rel, _ := filepath.Rel(tr.root, it.RealPath)
		got[filepath.ToSlash(rel)] = seen{it.ShortVersion(), it.ExtSuffix, it.Features()}
		order = append(order, it.ShortVersion())
	}
	want := map[string]seen{
		"pyenv/versions/3.13.1t/bin/python3.13t":                                  {"3.13t", ".cpython-313t-x86_64-linux-gnu.so", []string{"python3.13", "free-threading"}},
		"root/Library/Frameworks/PythonT.framework/Versions/3.13/bin/python3.13t": {"3.13t", ".cpython-313t-darwin.so", []string{"python3.13", "free-threading"}},
		"uv/cpython-3.14.0-linux-x86_64-gnu/bin/python3.14":                       {"3.14", ".cpython-314-x86_64-linux-gnu.so", []string{"python3.14"}},
		"uv/cpython-3.14.0+freethreaded-linux-x86_64-gnu/bin/python3.14t":         {"3.14t", ".cpython-314t-x86_64-linux-gnu.so", []string{"python3.14", "free-threading"}},
		"uv/cpython-3.14.0+freethreaded+debug-linux-x86_64-gnu/bin/python3.14td":  {"3.14td", ".cpython-314td-x86_64-linux-gnu.so", []string{"python3.14", "free-threading", "debug-python"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("discovered\n%v\nwant\n%v", got, want)
	}
	// Sorted: a version's standard build, then free-threaded, then its debug twin.
	if s := strings.Join(order, " "); s != "3.13t 3.13t 3.14 3.14t 3.14td" {
		t.Errorf("order %s, want 3.13t 3.13t 3.14 3.14t 3.14td", s)
	}
}

// TestInterpreterNamesFreeThreaded: the file names of free-threaded and
// debug builds are candidates, their tools are not.
func TestInterpreterNamesFreeThreaded(t *testing.T) {
	for name, want := range map[string]bool{
		"python3.13t": true, "python3.14t": true, "python3.14td": true, "python3.11d": true,
		"python3.13t-config": false, "python3.14t-gdb.py": false,
	} {
		if got := isInterpreterName(name, "linux"); got != want {
			t.Errorf("isInterpreterName(%q) = %v, want %v", name, got, want)
		}
	}
}
