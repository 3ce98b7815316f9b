package script

import (
	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/cleanexit/cleanexit/toolchains"
)

// SyntaxCheck is the command that tells, without building, whether a
// build-ext line's sources compile: the compiler and flags the build
// would use, with -fsyntax-only in place of -shared and -o. A reducer
// runs it before a candidate's full build and run, for a fifth of the
// cost. ok is false where the check would not be the build's own: a
// binding library (--with), whose include flags come from its wheel, or
// a compiler chosen by $CC or $CXX, which getenv answers as the script
// would see them. Nor a module that mixes C and C++ sources, which are
// compiled one at a time.
func SyntaxCheck(b scriptlang.BuildExt, in *toolchains.Interpreter, getenv func(string) string) (compiler string, argv []string, ok bool) {
	if b.With != "" || (buildExt{b}).mixed() || in == nil || getenv("CC") != "" || getenv("CXX") != "" {
		return "", nil, false
	}
	x := buildExt{b}
	argv = append([]string{"-fsyntax-only"}, x.baseFlags(in.Include)...)
	argv = append(argv, b.Sources...)
	argv = append(argv, b.CFlags...)
	return x.compiler("", ""), argv, true
}
