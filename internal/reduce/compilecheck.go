package reduce

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/cleanexit/cleanexit/internal/script"
	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
	"github.com/rogpeppe/go-internal/txtar"
)

// A compileCheck rejects a C or C++ candidate that does not compile before
// it is built and run: the build's own compiler and flags with
// -fsyntax-only (script.SyntaxCheck). Most candidates of the block, line
// and rewrite passes do not compile, and a full build of one costs an
// -O1 -g compile and link against Python.h; the check costs the parse.
// The parse of Python.h is most of that, so a source that opens with
// `#define`s and `#include <Python.h>` is checked with that opening
// precompiled (GCC's .gch, made once per opening): GCC itself refuses a
// precompiled header made under other macros or flags and reads the real
// one, so the check stays the build's. A check that cannot run (no
// compiler) passes the candidate on to the build.
//
// It never makes a candidate interesting: a candidate it passes is built
// and run as before, and one it rejects would have failed to build.
type compileCheck struct {
	lines []compileLine
	dir   string // scratch: one directory per check, and the headers

	// baseline are the original's undefined-behaviour warnings per line
	// (soundcheck.go); nil for a line that is not held to them.
	baseline []warningSet

	mu      sync.Mutex
	headers map[[32]byte]string // opening → its header, "" when it could not be precompiled
}

// A compileLine is one build-ext line the check can stand in for.
type compileLine struct {
	compiler string
	argv     []string // -fsyntax-only, the build's flags, the sources, the case's flags
	sources  []string
	cxx      bool
}

// newCompileCheck reads the script's build-ext lines; nil when none can
// be checked (arguments from variables, a binding library, $CC).
func newCompileCheck(c *cases.Case, v *cases.Variant, in *toolchains.Interpreter) (*compileCheck, error) {
	getenv := func(k string) string {
		if val, ok := v.Env[k]; ok {
			return val
		}
		return os.Getenv(k)
	}
	script0 := scriptOf(c)
	var lines []compileLine
	for _, l := range script0.Lines {
		if l.Name != "build-ext" {
			continue
		}
		args := make([]string, len(l.Args))
		expands := false
		for i, a := range l.Args {
			args[i], expands = a.Text, expands || a.Expands
		}
		if expands {
			continue
		}
		b, err := scriptlang.ParseBuildExt(args)
		if err != nil {
			continue // the build reports it
		}
		compiler, argv, ok := script.SyntaxCheck(b, in, getenv)
		if !ok {
			continue
		}
		lines = append(lines, compileLine{compiler: compiler, argv: argv, sources: b.Sources, cxx: b.IsCXX()})
	}
	if len(lines) == 0 {
		return nil, nil
	}
	dir, err := os.MkdirTemp("", "cleanexit-reduce-check-")
	if err != nil {
		return nil, err
	}
	return &compileCheck{lines: lines, dir: dir, headers: map[[32]byte]string{}}, nil
}

func (c *compileCheck) Close() error { return os.RemoveAll(c.dir) }

// compiles reports whether the candidate files, in which name changed,
// compile: false only when the compiler ran and said no.
func (c *compileCheck) compiles(ctx context.Context, name string, files []txtar.File) bool {
	for _, l := range c.lines {
		// A header may be read by any source; a source only by its line.
		if isCSourceFile(name) && !slices.Contains(l.sources, path.Clean(name)) && !slices.Contains(l.sources, name) {
			continue
		}
		if !c.compilesLine(ctx, l, files) {
			return false
		}
	}
	return true
}

func (c *compileCheck) compilesLine(ctx context.Context, l compileLine, files []txtar.File) bool {
	_, err := c.compile(ctx, l, l.argv, files)
	var exit *exec.ExitError
	return !errors.As(err, &exit) || ctx.Err() != nil
}

// compile runs the compiler with argv (l's, or one made from them) on the
// candidate files in a directory of its own, and returns what it said.
// An error that is not an *exec.ExitError means the compiler could not
// be run there, which says nothing of the candidate.
func (c *compileCheck) compile(ctx context.Context, l compileLine, argv []string, files []txtar.File) ([]byte, error) {
	work, err := os.MkdirTemp(c.dir, "check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	// A case's own Python.h (a shim) is what #include "Python.h" reads
	// beside the source; the precompiled opening, elsewhere, would read
	// the interpreter's.
	shim := slices.ContainsFunc(files, func(f txtar.File) bool { return path.Base(f.Name) == "Python.h" })
	for _, f := range files {
		if f.Name == "case.yaml" || isPython(f.Name) {
			continue
		}
		data := f.Data
		if len(l.sources) == 1 && !shim && path.Clean(f.Name) == path.Clean(l.sources[0]) {
			if header, rest := c.precompiled(ctx, l, string(f.Data)); header != "" {
				data = []byte(rest)
				argv = append([]string{"-include", header}, argv...)
			}
		}
		p := filepath.Join(work, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, data, 0o666); err != nil {
			return nil, err
		}
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, l.compiler, argv...)
	cmd.Dir = work
	cmd.Stderr = &stderr
	err = cmd.Run()
	return stderr.Bytes(), err
}

// precompiled is the header that holds src's opening, precompiled, and src
// with the opening's lines blanked (so that line numbers stay); "" when
// src does not open with `#define`s and an #include of Python.h, or the
// header could not be made. The opening is then read twice, which is the
// same program: a macro defined again the same way and a header with an
// include guard are no-ops.
func (c *compileCheck) precompiled(ctx context.Context, l compileLine, src string) (header, rest string) {
	opening, n := pythonOpening(src)
	if n == 0 {
		return "", src
	}
	key := sha256.Sum256([]byte(fmt.Sprintf("%q %q\n%s", l.compiler, l.argv, opening)))
	c.mu.Lock()
	defer c.mu.Unlock() // one opening is precompiled once; the others wait for it
	h, done := c.headers[key]
	if !done {
		h = c.precompile(ctx, l, key, opening)
		if ctx.Err() != nil {
			return "", src // cut short: not a verdict on the header
		}
		c.headers[key] = h
	}
	if h == "" {
		return "", src
	}
	lines := splitLines(src)
	for i := range n {
		lines[i] = ""
	}
	return h, joinLines(lines)
}

func (c *compileCheck) precompile(ctx context.Context, l compileLine, key [32]byte, opening string) string {
	dir := filepath.Join(c.dir, fmt.Sprintf("opening-%x", key[:8]))
	header := filepath.Join(dir, "opening.h")
	if os.MkdirAll(dir, 0o777) != nil || os.WriteFile(header, []byte(opening), 0o666) != nil {
		return ""
	}
	lang := "c-header"
	if l.cxx {
		lang = "c++-header"
	}
	var flags []string
	for _, a := range l.argv {
		if a != "-fsyntax-only" && !slices.Contains(l.sources, a) {
			flags = append(flags, a)
		}
	}
	argv := append([]string{"-x", lang}, flags...)
	argv = append(argv, header, "-o", header+".gch")
	if exec.CommandContext(ctx, l.compiler, argv...).Run() != nil {
		return ""
	}
	return header
}

// pythonOpening is the opening of a C or C++ source up to its #include of
// Python.h, when all before it is blank lines, // comments and one-line
// #defines, and how many lines it takes; 0 lines when it is not so.
func pythonOpening(src string) (string, int) {
	lines := splitLines(src)
	var b strings.Builder
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasSuffix(t, "\\"): // continued: a comment or directive goes on
			return "", 0
		case t == "" || strings.HasPrefix(t, "//"):
		case isPythonInclude(t):
			b.WriteString(t + "\n")
			return b.String(), i + 1
		case strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(t, "#")), "define") && !strings.Contains(t, "/*"):
			b.WriteString(t + "\n")
		default:
			return "", 0
		}
	}
	return "", 0
}

func isPythonInclude(t string) bool {
	if !strings.HasPrefix(t, "#") {
		return false
	}
	d := strings.TrimSpace(strings.TrimPrefix(t, "#"))
	if !strings.HasPrefix(d, "include") {
		return false
	}
	d = strings.TrimSpace(strings.TrimPrefix(d, "include"))
	return d == "<Python.h>" || d == `"Python.h"`
}

// isCSourceFile reports whether a file is compiled itself (not a header).
func isCSourceFile(name string) bool {
	switch path.Ext(name) {
	case ".c", ".cc", ".cpp", ".cxx", ".c++":
		return true
	}
	return false
}
