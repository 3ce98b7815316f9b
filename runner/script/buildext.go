package script

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

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
	argv, compiler := b.command(x.job.GOOS, in.Include, in.ExtSuffix, ts.Getenv("CC"), ts.Getenv("CXX"))
	if x.job.GOOS == "windows" {
		ts.Fatalf("build-ext: Windows extensions are not supported yet")
	}
	dir := ts.MkAbs(".")
	output := filepath.Join(dir, b.module+in.ExtSuffix)
	cache := extCache{dir: x.job.ExtCache}
	key := cache.key(compiler, argv, in.Key(), dir)
	if cache.fetch(key, output) {
		fmt.Fprintf(ts.Stdout(), "build-ext: %s from the build cache\n", filepath.Base(output))
		return
	}
	cmd := exec.Command(compiler, argv...)
	cmd.Dir = dir
	cmd.Env = untimedEnviron(x.environ(ts))
	cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
	if err := cmd.Run(); err != nil {
		ts.Fatalf("build-ext %s: %s %s: %v", b.module, compiler, strings.Join(argv, " "), err)
	}
	cache.store(key, output)
}

// A buildExt is a parsed build-ext command line.
type buildExt struct {
	module   string
	sources  []string
	cflags   []string
	sanitize string // "address", or ""
}

func parseBuildExt(args []string) (buildExt, error) {
	var b buildExt
	var rest []string
	for len(args) > 0 && strings.HasPrefix(args[0], "--sanitize") {
		v, ok := strings.CutPrefix(args[0], "--sanitize=")
		if !ok || v != "address" {
			return b, fmt.Errorf("%s: only --sanitize=address is supported", args[0])
		}
		b.sanitize = v
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
		return b, fmt.Errorf("usage: build-ext MODULE SOURCE… [-- CFLAGS…]")
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

// command returns the compiler and its arguments.
func (b buildExt) command(goos, include, extSuffix, cc, cxx string) ([]string, string) {
	compiler := cc
	if compiler == "" {
		compiler = "cc"
	}
	if b.isCXX() {
		compiler = cxx
		if compiler == "" {
			compiler = "c++"
		}
	}
	argv := []string{"-shared", "-fPIC", "-O1", "-g", "-I" + include}
	if b.sanitize == "address" {
		argv = append(argv, "-fsanitize=address", "-fno-omit-frame-pointer")
	}
	if b.isCXX() {
		argv = append(argv, "-std=c++17")
	}
	if goos == "darwin" {
		// Extensions resolve Python's symbols from the interpreter that
		// loads them, as setuptools does on macOS.
		argv = append(argv, "-undefined", "dynamic_lookup")
	}
	argv = append(argv, b.sources...)
	argv = append(argv, b.cflags...)
	argv = append(argv, "-o", b.module+extSuffix)
	return argv, compiler
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
