package script

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/rogpeppe/go-internal/testscript"
)

// buildExt compiles a C or C++ extension module against the run's
// interpreter: build-ext MODULE SOURCE… [-- CFLAGS…].
func (x *execution) buildExt(ts *testscript.TestScript, neg bool, args []string) {
	start := time.Now()
	if neg {
		ts.Fatalf("build-ext: ! is not supported (a build that must fail proves nothing about exit)")
	}
	in := x.job.Run.Interp
	if in == nil {
		ts.Fatalf("build-ext: no interpreter for this run")
	}
	b, err := parseBuildExt(args)
	if err != nil {
		ts.Fatalf("build-ext: %v", err)
	}
	if b.Sanitize == "address" {
		// The runtime that python runs preload once the script has built a
		// sanitized extension: the interpreter is not instrumented, so the
		// runtime must come first. Only a run that gets here looks for it.
		runtime := ""
		if x.job.Features != nil {
			runtime = x.job.Features.ASanRuntime()
		}
		if runtime == "" {
			ts.Fatalf("build-ext --sanitize=address: no AddressSanitizer runtime found for this compiler (add `requires: [asan]` to the case)")
		}
		x.mu.Lock()
		x.asanRuntime = runtime
		x.mu.Unlock()
	}
	if x.job.goos == "windows" {
		ts.Fatalf("build-ext: Windows extensions are not supported yet")
	}
	cache := extCache{dir: x.job.ExtCache}
	var lib *binding
	if b.With != "" {
		lib, err = resolveBinding(x.job.Python, b.With, x.job.ExtCache)
		if err != nil {
			ts.Fatalf("build-ext: %v", err)
		}
	}
	compiler := b.compiler(ts.Getenv("CC"), ts.Getenv("CXX"))
	dir := ts.MkAbs(".")
	var flags, objects []string
	var lb *libraryBuild
	if lib != nil {
		flags = append(includeFlags(lib.Include), lib.flags(in.FreeThreaded)...)
		if lib.Library != "" {
			lb = planLibrary(ts, cache, compiler, in, lib, b, x.compilerJail(ts))
			objects = append(objects, lb.obj)
		}
	}
	argv := b.command(x.job.goos, in.Include, in.ExtSuffix, flags, objects)
	output := filepath.Join(dir, b.Module+in.ExtSuffix)
	key := cache.key(compiler, argv, x.environ(ts), in.Key(), dir)
	if cache.fetch(key, output) {
		// The time is build-ext's own, for the benchmark's warm target.
		fmt.Fprintf(ts.Stdout(), "build-ext: %s from the build cache in %s\n", filepath.Base(output), time.Since(start).Round(time.Microsecond))
		return
	}
	switch {
	case lb != nil:
		err = x.buildBesideLibrary(ts, lb, compiler, b, flags)
	case b.mixed():
		err = x.buildMixed(ts, b, in, flags)
	default:
		err = x.compile(ts, dir, compiler, argv)
	}
	if err != nil {
		x.buildFailed(ts, b.Module, err)
	}
	cache.store(key, output)
}

// A buildExt is a build-ext line's arguments, read by the script
// language's one reader (package scriptlang), with how to compile them.
type buildExt struct{ scriptlang.BuildExt }

func parseBuildExt(args []string) (buildExt, error) {
	b, err := scriptlang.ParseBuildExt(args)
	return buildExt{b}, err
}

// compiler is the C or C++ compiler the build runs: $CC or $CXX, else cc
// or c++.
func (b buildExt) compiler(cc, cxx string) string {
	if b.IsCXX() {
		if cxx == "" {
			return "c++"
		}
		return cxx
	}
	if cc == "" {
		return "cc"
	}
	return cc
}

// baseFlags are the code-generation flags every object of the module is
// compiled with, nanobind's own library included.
func (b buildExt) baseFlags(include string) []string {
	argv := []string{"-fPIC", "-O1", "-g", "-I" + include}
	if b.Sanitize == "address" {
		argv = append(argv, "-fsanitize=address", "-fno-omit-frame-pointer")
	}
	if b.IsCXX() {
		argv = append(argv, "-std=c++17")
	}
	return argv
}

// command returns the compiler's arguments: flags (a binding library's)
// come before the sources, objects (its compiled library) after them.
func (b buildExt) command(goos, include, extSuffix string, flags, objects []string) []string {
	argv := append([]string{"-shared"}, b.baseFlags(include)...)
	argv = append(argv, flags...)
	if goos == "darwin" {
		// Extensions resolve Python's symbols from the interpreter that
		// loads them, as setuptools does on macOS.
		argv = append(argv, "-undefined", "dynamic_lookup")
	}
	argv = append(argv, b.Sources...)
	argv = append(argv, objects...)
	argv = append(argv, b.CFlags...)
	argv = append(argv, "-o", b.Module+extSuffix)
	return argv
}

func includeFlags(dirs []string) []string {
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = "-I" + d
	}
	return out
}
