package script

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
)

// A binding is a C++ binding library (nanobind, pybind11) as installed in
// a run's environment: build-ext --with takes its headers, and nanobind's
// own sources, from the package the case pinned, never from the host, so
// that `packages: [nanobind==3.0.0]` decides the version like any other
// pin.
type binding struct {
	Name    string   `json:"name"`
	Version string   `json:"version"`
	Include []string `json:"include"`
	// Library is the source file of the library's own code that every
	// module links (nanobind's nb_combined.cpp); "" for header-only ones.
	Library string `json:"library,omitempty"`
	// Paths are the interpreter's sys.path folders with their mtimes: a
	// pip install or uninstall changes one, which invalidates the answer.
	Paths map[string]int64 `json:"paths"`
	Error string           `json:"error,omitempty"`
}

// bindingQuery asks the interpreter where the package is. -I keeps the
// case's own files (a nanobind.py in $WORK) and PYTHON* variables out.
const bindingQuery = `
import json, os, sys
name = sys.argv[1]
paths = {}
for p in sys.path:
    try:
        if os.path.isdir(p):
            paths[p] = os.stat(p).st_mtime_ns
    except OSError:
        pass
out = {"name": name, "paths": paths}
try:
    m = __import__(name)
except ImportError as e:
    out["error"] = str(e)
else:
    out["version"] = getattr(m, "__version__", "")
    pkg = os.path.dirname(os.path.abspath(m.__file__))
    if name == "nanobind":
        out["include"] = [m.include_dir(), os.path.join(pkg, "ext", "robin_map", "include")]
        out["library"] = os.path.join(m.source_dir(), "nb_combined.cpp")
    else:
        out["include"] = [m.get_include()]
print(json.dumps(out))
`

// flags are the compiler flags a module built against the library needs,
// beyond its include folders.
func (b *binding) flags(freeThreaded bool) []string {
	out := []string{"-fvisibility=hidden"}
	if b.Name == "nanobind" && freeThreaded {
		out = append(out, "-DNB_FREE_THREADED")
	}
	return out
}

// libraryFlags are the flags nanobind's own CMake build gives its library.
func (b *binding) libraryFlags() []string {
	return []string{"-DNB_BUILD", "-fno-strict-aliasing"}
}

// bindingMemo keeps answers within this process; a disk copy beside the
// build cache keeps them across runs of cleanexit, since starting the
// interpreter costs more than a warm build-ext may take.
var bindingMemo sync.Map // memo key -> *binding

// resolveBinding says where the package name is installed for python.
// cacheDir, when not "", holds the answer between processes.
func resolveBinding(python, name, cacheDir string) (*binding, error) {
	h := sha256.Sum256([]byte(python + "\x00" + name))
	key := "binding-" + hex.EncodeToString(h[:])[:24] + ".json"
	if v, ok := bindingMemo.Load(key); ok && v.(*binding).fresh() {
		return v.(*binding).answer()
	}
	if cacheDir != "" {
		if data, err := os.ReadFile(filepath.Join(cacheDir, key)); err == nil {
			var b binding
			if json.Unmarshal(data, &b) == nil && b.Name == name && b.fresh() {
				bindingMemo.Store(key, &b)
				return b.answer()
			}
		}
	}
	cmd := exec.Command(python, "-I", "-c", bindingQuery, name)
	cmd.Env = []string{}
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("--with %s: asking %s where %s is: %v", name, python, name, err)
	}
	var b binding
	if err := json.Unmarshal(out, &b); err != nil {
		return nil, fmt.Errorf("--with %s: %s answered %q: %v", name, python, out, err)
	}
	bindingMemo.Store(key, &b)
	if cacheDir != "" {
		writeAtomically(filepath.Join(cacheDir, key), out)
	}
	return b.answer()
}

// answer is the binding, or why the environment has none.
func (b *binding) answer() (*binding, error) {
	if b.Error != "" || len(b.Include) == 0 {
		return nil, fmt.Errorf("--with %s: %s is not installed in this run's environment (%s): add it to the case's packages, e.g. `packages: [%s]`",
			b.Name, b.Name, b.Error, pinExample(b.Name))
	}
	return b, nil
}

func pinExample(name string) string {
	if name == "nanobind" {
		return "nanobind==3.0.0"
	}
	return "pybind11==3.1.0"
}

// fresh reports whether the interpreter's package folders are as they were
// when the answer was given.
func (b *binding) fresh() bool {
	if len(b.Paths) == 0 {
		return false
	}
	dirs := make([]string, 0, len(b.Paths))
	for d := range b.Paths {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		fi, err := os.Stat(d)
		if err != nil || fi.ModTime().UnixNano() != b.Paths[d] {
			return false
		}
	}
	for _, inc := range b.Include {
		if _, err := os.Stat(inc); err != nil {
			return false
		}
	}
	return true
}

// writeAtomically writes data to path through a rename, so that a
// concurrent reader sees all of it or nothing.
func writeAtomically(path string, data []byte) {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	if tmp.Close() != nil || werr != nil || os.Rename(tmp.Name(), path) != nil {
		os.Remove(tmp.Name())
	}
}
