package toolchains

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Stdlib is the folder of the interpreter's standard library, as CPython
// finds it from where its executable is (the os.py landmark of getpath):
// PREFIX/lib/pythonX.Y (pythonX.Yt when free-threaded) on POSIX, PREFIX\Lib
// on Windows, PREFIX being the folder above the executable's. "" where
// there is no os.py there (another layout, another implementation): the
// caller then has no folder to look after.
//
// Every environment made from the interpreter loads its modules from
// here, sitecustomize.py included, so a change to it reaches every run of
// the interpreter (see runner/libraries.go).
func (i *Interpreter) Stdlib() string {
	exe := i.RealPath
	if exe == "" {
		exe = i.Path
	}
	if exe == "" {
		return ""
	}
	var dir string
	if runtime.GOOS == "windows" {
		dir = filepath.Join(filepath.Dir(exe), "Lib")
	} else {
		t := ""
		if i.FreeThreaded {
			t = "t"
		}
		dir = filepath.Join(filepath.Dir(filepath.Dir(exe)), "lib", fmt.Sprintf("python%d.%d%s", i.Major, i.Minor, t))
	}
	if _, err := os.Stat(filepath.Join(dir, "os.py")); err != nil {
		return ""
	}
	return dir
}
