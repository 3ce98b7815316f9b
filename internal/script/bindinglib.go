package script

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/sealed"
	"github.com/cleanexit/cleanexit/toolchains"
	"github.com/rogpeppe/go-internal/lockedfile"
	"github.com/rogpeppe/go-internal/testscript"
)

// A libraryBuild is a binding library's own code (nanobind's
// nb_combined.cpp, about 5 s of a 5.1 s module build) compiled into an
// object that every module and variant of the same (compiler, flags,
// interpreter, library version) links: built once into the build cache,
// under a lock, so that two variants starting together do not both pay
// for it. Without a cache it is built into the script's temporary folder.
type libraryBuild struct {
	lib      *binding
	compiler string
	argv     []string // without -o
	obj      string   // where the object is, or will be
	cached   bool     // obj is in the build cache (shared, locked)

	// jail confines the compiler in a sandboxed run. Its object is then
	// built in scratch, a folder of $WORK, and copied into the cache.
	jail    *confine.Policy
	scratch string
}

// planLibrary says how the library is built and where its object goes,
// without building it: a module the build cache holds does not need it.
func planLibrary(ts *testscript.TestScript, cache extCache, compiler string, in *toolchains.Interpreter, lib *binding, b buildExt, jail *confine.Policy) *libraryBuild {
	argv := append([]string{"-c"}, b.baseFlags(in.Include)...)
	argv = append(argv, includeFlags(lib.Include)...)
	argv = append(argv, lib.flags(in.FreeThreaded)...)
	argv = append(argv, lib.libraryFlags()...)
	argv = append(argv, codegenFlags(b.CFlags)...)
	argv = append(argv, lib.Library)
	lb := &libraryBuild{lib: lib, compiler: compiler, argv: argv, jail: jail, scratch: ts.MkAbs(".tmp")}
	if key := cache.libraryKey(compiler, in.Key(), lib, argv); key != "" {
		lb.obj, lb.cached = filepath.Join(cache.dir, key+".o"), true
	} else {
		lb.obj = filepath.Join(ts.MkAbs(".tmp"), lib.Name+".o")
	}
	return lb
}

// ensure builds the library's object unless it is there. Built into the
// shared cache, it is built in sharedBuildEnviron, not the case's env.
func (lb *libraryBuild) ensure(env []string, stdout, stderr io.Writer) error {
	if !lb.cached {
		return runCompiler(filepath.Dir(lb.obj), env, stdout, stderr, lb.jail, lb.compiler, append(lb.argv, "-o", lb.obj))
	}
	env = sharedBuildEnviron(env, lb.scratch)
	// An object that is not what was built (a case wrote over it) is
	// built again, as if it were missing.
	if sealed.Intact(lb.obj) {
		sealed.Touch(lb.obj)
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(lb.obj), 0o777); err != nil {
		return err
	}
	unlock, err := lockedfile.MutexAt(lb.obj + ".lock").Lock()
	if err != nil {
		return err
	}
	defer unlock()
	if sealed.Intact(lb.obj) {
		return nil // built while we waited
	}
	fmt.Fprintf(stdout, "build-ext: compiling %s %s once for this compiler and interpreter\n", lb.lib.Name, lb.lib.Version)
	tmp := lb.obj + ".tmp"
	if lb.jail == nil {
		if err := runCompiler(filepath.Dir(lb.obj), env, stdout, stderr, nil, lb.compiler, append(lb.argv, "-o", tmp)); err != nil {
			os.Remove(tmp)
			return err
		}
		return renameSealed(tmp, lb.obj)
	}
	// Confined, the compiler can write to $WORK alone: the object is
	// built there and copied in, so that no flag of the case's reaches
	// the shared cache but through the object it keys.
	built := filepath.Join(lb.scratch, filepath.Base(lb.obj))
	if err := runCompiler(lb.scratch, env, stdout, stderr, lb.jail, lb.compiler, append(lb.argv, "-o", built)); err != nil {
		return err
	}
	if err := copyFile(built, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	return renameSealed(tmp, lb.obj)
}

// renameSealed puts a built object in place in the cache, and seals it.
func renameSealed(tmp, obj string) error {
	if err := os.Rename(tmp, obj); err != nil {
		return err
	}
	return sealed.Seal(obj)
}

// sharedBuildEnviron is the environment of a build whose object every
// later run links: cleanexit's own PATH and locale, a temporary folder,
// and the run's marker from caseEnv (so that the run's sweep still sees
// the compiler), never the case's variables. A case's CPLUS_INCLUDE_PATH
// that shadowed <cstdint> with a header adding a constructor made every
// later nanobind module print at import what the case chose.
func sharedBuildEnviron(caseEnv []string, tmp string) []string {
	env := []string{"TMPDIR=" + tmp}
	for _, k := range []string{"PATH", "LANG", "LC_ALL", "SYSTEMROOT"} {
		if v := os.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	for _, kv := range caseEnv {
		if strings.HasPrefix(kv, runMarkerVar+"=") {
			env = append(env, kv)
		}
	}
	return env
}

// buildBesideLibrary builds a module that links the library: its own
// sources compile while the library does (or while another run holds the
// library's lock), then one link. On a cold cache the module's share of
// the time is hidden behind the library's.
func (x *execution) buildBesideLibrary(ts *testscript.TestScript, lb *libraryBuild, compiler string, b buildExt, flags []string) error {
	in := x.job.Run.Interp
	dir := ts.MkAbs(".")
	env := untimedEnviron(x.environ(ts))
	var libOut, libErr bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- lb.ensure(env, &libOut, &libErr) }()

	var objects []string
	var err error
	for i, src := range b.Sources {
		obj := filepath.Join(ts.MkAbs(".tmp"), fmt.Sprintf("%s.%d.o", b.Module, i))
		argv := append([]string{"-c"}, b.objectFlags(src, in.Include)...)
		srcCompiler := compiler
		if isCFile(src) {
			// A C source beside the binding's C++: C, without its flags.
			srcCompiler = sourceCompiler(src, ts.Getenv("CC"), ts.Getenv("CXX"))
		} else {
			argv = append(argv, flags...)
		}
		argv = append(argv, src)
		argv = append(argv, b.flagsFor(src)...)
		if err = runCompiler(dir, env, ts.Stdout(), ts.Stderr(), x.compilerJail(ts), srcCompiler, append(argv, "-o", obj)); err != nil {
			break
		}
		objects = append(objects, obj)
	}
	libDone := <-done
	ts.Stdout().Write(libOut.Bytes())
	ts.Stderr().Write(libErr.Bytes())
	if libDone != nil {
		return libDone
	}
	if err != nil {
		return err
	}
	link := append([]string{"-shared"}, b.baseFlags(in.Include)...)
	if x.job.goos == "darwin" {
		link = append(link, "-undefined", "dynamic_lookup")
	}
	link = append(link, objects...)
	link = append(link, lb.obj)
	link = append(link, b.flagsFor("link.cpp")...)
	link = append(link, "-o", b.Module+in.ExtSuffix)
	return runCompiler(dir, env, ts.Stdout(), ts.Stderr(), x.compilerJail(ts), compiler, link)
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
