package script

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/rogpeppe/go-internal/testscript"
)

// buildExt compiles a C or C++ extension module against the run's
// interpreter: build-ext MODULE SOURCE… [-- CFLAGS…].
func (x *execution) buildExt(ts *testscript.TestScript, neg bool, args []string) {
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
	if b.sanitize == "address" {
		if x.job.ASanRuntime == "" {
			ts.Fatalf("build-ext --sanitize=address: no AddressSanitizer runtime found for this compiler (add `requires: [asan]` to the case)")
		}
		x.mu.Lock()
		x.asan = true
		x.mu.Unlock()
	}
	if x.job.GOOS == "windows" {
		ts.Fatalf("build-ext: Windows extensions are not supported yet")
	}
	cache := extCache{dir: x.job.ExtCache}
	var lib *binding
	if b.with != "" {
		lib, err = resolveBinding(x.job.Python, b.with, x.job.ExtCache)
		if err != nil {
			ts.Fatalf("build-ext: %v", err)
		}
	}
	compiler := b.compiler(ts.Getenv("CC"), ts.Getenv("CXX"))
	dir := ts.MkAbs(".")
	var flags, objects []string
	if lib != nil {
		flags = append(includeFlags(lib.Include), lib.flags(in.FreeThreaded)...)
		if lib.Library != "" {
			obj, err := x.buildLibrary(ts, cache, compiler, lib, b)
			if err != nil {
				x.buildFailed(ts, b.module, err)
			}
			objects = append(objects, obj)
		}
	}
	argv := b.command(x.job.GOOS, in.Include, in.ExtSuffix, flags, objects)
	output := filepath.Join(dir, b.module+in.ExtSuffix)
	key := cache.key(compiler, argv, in.Key(), dir)
	if cache.fetch(key, output) {
		fmt.Fprintf(ts.Stdout(), "build-ext: %s from the build cache\n", filepath.Base(output))
		return
	}
	if err := x.compile(ts, dir, compiler, argv); err != nil {
		x.buildFailed(ts, b.module, err)
	}
	cache.store(key, output)
}

// A buildExt is a parsed build-ext command line.
type buildExt struct {
	module   string
	sources  []string
	cflags   []string
	sanitize string // "address", or ""
	with     string // a binding library (see bindingNames), or ""
}

func parseBuildExt(args []string) (buildExt, error) {
	var b buildExt
	var rest []string
	for len(args) > 0 && strings.HasPrefix(args[0], "--") && args[0] != "--" {
		switch opt, val, hasVal := strings.Cut(args[0], "="); opt {
		case "--sanitize":
			if val != "address" {
				return b, fmt.Errorf("%s: only --sanitize=address is supported", args[0])
			}
			b.sanitize = val
		case "--with":
			if !hasVal {
				if len(args) < 2 {
					return b, fmt.Errorf("--with needs a library: %s", strings.Join(bindingNames, " or "))
				}
				val, args = args[1], args[1:]
			}
			if !knownBinding(val) {
				msg := fmt.Sprintf("--with %s: unknown binding library (known: %s)", val, strings.Join(bindingNames, ", "))
				if s := suggest.Closest(val, bindingNames, 3); s != "" {
					msg += fmt.Sprintf("; did you mean %s?", s)
				}
				return b, fmt.Errorf("%s", msg)
			}
			if b.with != "" && b.with != val {
				return b, fmt.Errorf("--with %s: already --with %s (one binding library per module)", val, b.with)
			}
			b.with = val
		default:
			msg := fmt.Sprintf("unknown option %s", args[0])
			if s := suggest.Closest(opt, []string{"--sanitize", "--with"}, 3); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", s)
			}
			return b, fmt.Errorf("%s", msg)
		}
		args = args[1:]
	}
	for i, a := range args {
		if a == "--" {
			b.cflags = nonEmpty(args[i+1:])
			break
		}
		rest = append(rest, a)
	}
	rest = nonEmpty(rest)
	if len(rest) < 2 {
		return b, fmt.Errorf("usage: build-ext [--with nanobind|pybind11] [--sanitize=address] MODULE SOURCE… [-- CFLAGS…]")
	}
	b.module, b.sources = rest[0], rest[1:]
	if strings.ContainsAny(b.module, `/\.`) {
		return b, fmt.Errorf("module name %q must be a plain name such as holder (the extension suffix is added)", b.module)
	}
	for _, s := range b.sources {
		switch strings.ToLower(filepath.Ext(s)) {
		case ".c", ".cc", ".cpp", ".cxx", ".c++", ".m", ".mm":
		default:
			return b, fmt.Errorf("%q is not a C or C++ source (.c, .cc, .cpp, .cxx)", s)
		}
	}
	if b.with != "" && !b.isCXX() {
		return b, fmt.Errorf("--with %s needs a C++ source (.cpp, .cc, .cxx), not %s", b.with, strings.Join(b.sources, " "))
	}
	return b, nil
}

// isCXX reports whether any source is C++.
func (b buildExt) isCXX() bool {
	for _, s := range b.sources {
		switch strings.ToLower(filepath.Ext(s)) {
		case ".cc", ".cpp", ".cxx", ".c++", ".mm":
			return true
		}
	}
	return false
}

// compiler is the C or C++ compiler the build runs: $CC or $CXX, else cc
// or c++.
func (b buildExt) compiler(cc, cxx string) string {
	if b.isCXX() {
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
	if b.sanitize == "address" {
		argv = append(argv, "-fsanitize=address", "-fno-omit-frame-pointer")
	}
	if b.isCXX() {
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
	argv = append(argv, b.sources...)
	argv = append(argv, objects...)
	argv = append(argv, b.cflags...)
	argv = append(argv, "-o", b.module+extSuffix)
	return argv
}

func includeFlags(dirs []string) []string {
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = "-I" + d
	}
	return out
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
