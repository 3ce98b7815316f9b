package script

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cleanexit/cleanexit/toolchains"
	"github.com/rogpeppe/go-internal/testscript"
)

// A module may mix C and C++ sources, as setuptools' do: each .c file is
// compiled as C by the C compiler, each .cc, .cpp or .cxx file as C++,
// and the objects are linked by the C++ compiler. One command line for
// all would compile the .c files as C++ (c++ a.c does), where a C
// source's `int *p = malloc(n)` or designated initialisers do not build
// or mean something else.

// isCFile reports whether a source is C, not C++.
func isCFile(src string) bool { return strings.ToLower(filepath.Ext(src)) == ".c" }

// mixed reports whether the module has both C and C++ sources.
func (b buildExt) mixed() bool { return b.IsCXX() && slices.ContainsFunc(b.Sources, isCFile) }

// flagsFor are the case's flags for one source: a language standard goes
// to the sources of its language only (-std=c11 to the C files,
// -std=c++20 to the C++ ones), so that a mixed module can choose both.
func (b buildExt) flagsFor(src string) []string {
	var out []string
	for _, f := range b.CFlags {
		if std, ok := strings.CutPrefix(f, "-std="); ok && strings.Contains(std, "++") == isCFile(src) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// objectFlags are the code-generation flags of one source's object:
// baseFlags, without the C++ standard for a C source.
func (b buildExt) objectFlags(src, include string) []string {
	flags := b.baseFlags(include)
	if isCFile(src) {
		flags = slices.DeleteFunc(flags, func(f string) bool { return strings.HasPrefix(f, "-std=c++") })
	}
	return flags
}

// sourceCompiler is the compiler of one source: $CC or cc for C, $CXX or
// c++ for C++.
func sourceCompiler(src, cc, cxx string) string {
	if isCFile(src) {
		return buildExt{}.compiler(cc, "")
	}
	if cxx == "" {
		return "c++"
	}
	return cxx
}

// buildMixed compiles each source of a mixed module in its own language
// and links the objects with the C++ compiler.
func (x *execution) buildMixed(ts *testscript.TestScript, b buildExt, in *toolchains.Interpreter, flags []string) error {
	dir := ts.MkAbs(".")
	var objects []string
	for i, src := range b.Sources {
		obj := filepath.Join(ts.MkAbs(".tmp"), fmt.Sprintf("%s.%d.o", b.Module, i))
		argv := append([]string{"-c"}, b.objectFlags(src, in.Include)...)
		argv = append(argv, flags...)
		argv = append(argv, src)
		argv = append(argv, b.flagsFor(src)...)
		if err := x.compile(ts, dir, sourceCompiler(src, ts.Getenv("CC"), ts.Getenv("CXX")), append(argv, "-o", obj)); err != nil {
			return err
		}
		objects = append(objects, obj)
	}
	link := append([]string{"-shared"}, b.baseFlags(in.Include)...)
	if x.job.goos == "darwin" {
		link = append(link, "-undefined", "dynamic_lookup")
	}
	link = append(link, objects...)
	link = append(link, b.flagsFor("link.cpp")...)
	link = append(link, "-o", b.Module+in.ExtSuffix)
	return x.compile(ts, dir, b.compiler(ts.Getenv("CC"), ts.Getenv("CXX")), link)
}
