package script

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/lockedfile"
	"github.com/rogpeppe/go-internal/testscript"
)

// buildLibrary compiles a binding library's own code (nanobind's
// nb_combined.cpp, about 5 s of a 5.1 s module build) into an object that
// every module and variant of the same (compiler, flags, interpreter,
// library version) links: it is built once into the build cache, under a
// lock, so that two variants starting together do not both pay for it.
// Without a cache it is built into the script's temporary folder.
func (x *execution) buildLibrary(ts *testscript.TestScript, cache extCache, compiler string, lib *binding, b buildExt) (string, error) {
	in := x.job.Run.Interp
	argv := append([]string{"-c"}, b.baseFlags(in.Include)...)
	argv = append(argv, includeFlags(lib.Include)...)
	argv = append(argv, lib.flags(in.FreeThreaded)...)
	argv = append(argv, lib.libraryFlags()...)
	argv = append(argv, codegenFlags(b.CFlags)...)
	argv = append(argv, lib.Library)

	key := cache.libraryKey(compiler, in.Key(), lib, argv)
	if key == "" {
		obj := filepath.Join(ts.MkAbs(".tmp"), lib.Name+".o")
		return obj, x.compile(ts, "", compiler, append(argv, "-o", obj))
	}
	obj := filepath.Join(cache.dir, key+".o")
	if _, err := os.Stat(obj); err == nil {
		return obj, nil
	}
	if err := os.MkdirAll(cache.dir, 0o777); err != nil {
		return "", err
	}
	unlock, err := lockedfile.MutexAt(obj + ".lock").Lock()
	if err != nil {
		return "", err
	}
	defer unlock()
	if _, err := os.Stat(obj); err == nil {
		return obj, nil // built while we waited
	}
	fmt.Fprintf(ts.Stdout(), "build-ext: compiling %s %s once for this compiler and interpreter\n", lib.Name, lib.Version)
	tmp := obj + ".tmp"
	if err := x.compile(ts, "", compiler, append(argv, "-o", tmp)); err != nil {
		os.Remove(tmp)
		return "", err
	}
	return obj, os.Rename(tmp, obj)
}

// libraryKey names a compiled binding library. Unlike a module's key it
// leaves out the environment's folder (it differs between environments
// holding the same library) and keeps the library's version and the
// content of its source instead.
func (c extCache) libraryKey(compiler, interpKey string, lib *binding, argv []string) string {
	if c.dir == "" {
		return ""
	}
	id := c.compilerID(compiler)
	src, err := os.ReadFile(lib.Library)
	if id == "" || err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\ninterpreter %s\n%s %s %x\n", id, interpKey, lib.Name, lib.Version, sha256.Sum256(src))
	pkg := filepath.Dir(filepath.Dir(lib.Library))
	for _, a := range argv {
		fmt.Fprintf(h, "arg %q\n", strings.ReplaceAll(a, pkg, "$PKG"))
	}
	return lib.Name + "-" + hex.EncodeToString(h.Sum(nil))[:32]
}

// codegenFlags are the case's flags that change how code is generated
// (-O, -f, -m, -g, -std): the library gets them too, so that it matches
// the module. Macros (-D, -U), include folders and warnings stay with the
// case's own sources, so variants that differ by -DFIX share one library.
func codegenFlags(cflags []string) []string {
	var out []string
	for _, f := range cflags {
		for _, p := range []string{"-O", "-f", "-m", "-g", "-std="} {
			if strings.HasPrefix(f, p) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}
