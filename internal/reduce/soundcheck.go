package reduce

import (
	"bufio"
	"bytes"
	"context"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// undefinedBehaviourWarnings are the compiler warnings that mark a program
// whose behaviour C and C++ leave undefined. A reduction makes them
// easily, by dropping an initialiser, a return or a declaration, and the
// program that is left may still crash with the same signal in the same
// function for another reason (a garbage pointer), so a candidate that
// has more of them than the original is not the original's crash.
var undefinedBehaviourWarnings = []string{"uninitialized", "maybe-uninitialized", "return-type", "sequence-point", "nonnull"}

// cOnlyWarnings are undefinedBehaviourWarnings that only a C compiler
// knows (a C++ one warns about the option).
var cOnlyWarnings = []string{"implicit-function-declaration", "implicit-int", "int-conversion"}

// A warningSet counts a compile's undefined-behaviour warnings by
// message, without file and line, which reduction moves.
type warningSet map[string]int

// diagnostic is one compiler diagnostic line with its -W option:
// "x.c:9:7: warning: 'o' is used uninitialized [-Wuninitialized]".
var diagnostic = regexp.MustCompile(`^.*?:\d+(?::\d+)?: (?:warning|error): (.*) \[-W(?:error=)?([\w+-]+)\]$`)

// soundArgv is the line's check compiled for real (-c at the build's -O1,
// which GCC's uninitialized-use analysis needs), the warnings on.
func soundArgv(l compileLine) []string {
	var argv []string
	for _, a := range l.argv {
		if a == "-fsyntax-only" {
			a = "-c"
		}
		argv = append(argv, a)
	}
	for _, w := range undefinedBehaviourWarnings {
		argv = append(argv, "-W"+w)
	}
	argv = append(argv, "-Wpedantic") // for zero-size arrays: countWarnings
	if !l.cxx {
		for _, w := range cOnlyWarnings {
			argv = append(argv, "-W"+w)
		}
	}
	return argv
}

// warnings compiles the candidate's files for line l and counts its
// undefined-behaviour warnings; ok is false when the compile did not
// finish (then it says nothing).
func (c *compileCheck) warnings(ctx context.Context, l compileLine, files []txtar.File) (warningSet, bool) {
	out, err := c.compile(ctx, l, soundArgv(l), files)
	if err != nil || ctx.Err() != nil {
		return nil, false
	}
	return countWarnings(out), true
}

// countWarnings reads a compiler's diagnostics: the undefined-behaviour
// warnings among them, by option and message.
func countWarnings(stderr []byte) warningSet {
	ws := warningSet{}
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	for sc.Scan() {
		m := diagnostic.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		msg, opt := m[1], m[2]
		// -Wpedantic says much that is only style; of it, a zero-size
		// array (a literal made 0 in a dimension) is one every access
		// of which is out of bounds.
		if slices.Contains(undefinedBehaviourWarnings, opt) || slices.Contains(cOnlyWarnings, opt) || opt == "pedantic" && strings.Contains(msg, "zero-size array") {
			ws[opt+": "+msg]++
		}
	}
	return ws
}

// learnWarnings records the original's undefined-behaviour warnings, the
// baseline every candidate is held to; a line whose original does not
// compile with the warnings on (a flag this compiler does not know, a
// -Werror of the case's) is not held to one.
func (c *compileCheck) learnWarnings(ctx context.Context, files []txtar.File) {
	c.baseline = make([]warningSet, len(c.lines))
	for i, l := range c.lines {
		if ws, ok := c.warnings(ctx, l, files); ok {
			c.baseline[i] = ws
		}
	}
}

// sound reports whether the candidate files, in which name changed, add
// no undefined-behaviour warning to the original's: false only when the
// compiler ran and warned of more. It runs after compiles has passed the
// candidate, so it costs one compile of the few that parse.
func (c *compileCheck) sound(ctx context.Context, name string, files []txtar.File) bool {
	for i, l := range c.lines {
		if c.baseline == nil || c.baseline[i] == nil {
			continue
		}
		if isCSourceFile(name) && !slices.Contains(l.sources, path.Clean(name)) && !slices.Contains(l.sources, name) {
			continue
		}
		ws, ok := c.warnings(ctx, l, files)
		if !ok {
			continue
		}
		for w, n := range ws {
			if n > c.baseline[i][w] {
				return false
			}
		}
	}
	return true
}
