package reduce

import (
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// The C and C++ simplifications: what ddmin over blocks and lines cannot
// do because it only ever removes whole lines, done the C-Reduce way, by
// rewriting inside a line. Each candidate is smaller than its source (in
// bytes, or in non-zero literals for 7 → 0), so that trying them to a
// fixpoint ends. They come in the order a maintainer would simplify by
// hand: a variable used once inlined, then initialisers dropped, unused
// parameter names dropped, literals
// made trivial, list elements dropped, a statement split over several
// lines joined, and a short block put on one line; a candidate that does not build is rejected by the
// compiler, once (the verdicts are kept).

// cSimplifications are the candidates one rewrite away from src.
func cSimplifications(src string) []string {
	var out []string
	seen := map[string]bool{src: true}
	add := func(c string) {
		if !seen[c] && cBalanced(c) {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, gen := range []func(string) []string{inlineOnceUsed, dropInitialisers, dropParameterNames, trivialLiterals, dropListElements, joinContinuations, joinShortBlocks} {
		for _, c := range gen(src) {
			add(c)
		}
	}
	return out
}

// declarationLine is `T name = e;` on a line of its own: the type, the
// name, the initialiser. The type needs a second word or a pointer, so
// that an assignment (`held.obj = obj;`) does not read as one.
var declarationLine = lazyregexp.New(`^(\s*)((?:const\s+)?[A-Za-z_][\w:<>]*(?:\s*[*&]+\s*|\s+))([A-Za-z_]\w*)\s*=\s*([^;{}]+?);\s*$`)

var identifier = lazyregexp.New(`[A-Za-z_]\w*`)

// A declaration is a `T name = e;` line (the declaration pattern): the
// line's index and its parts.
type declaration struct {
	line                     int
	indent, typ, name, value string
}

// declarations are the variables src's lines declare with an initialiser,
// in order: what inlineOnceUsed and dropInitialisers rewrite.
func declarations(lines []string) []declaration {
	var out []declaration
	for i, l := range lines {
		m := declarationLine.FindStringSubmatch(l)
		if m == nil || strings.Contains(m[2], "return") {
			continue
		}
		out = append(out, declaration{line: i, indent: m[1], typ: m[2], name: m[3], value: strings.TrimSpace(m[4])})
	}
	return out
}

// inlineOnceUsed replaces `T m = e; … m …` by `… e …` where m is used
// exactly once after its declaration: `PyObject *m =
// PyModule_Create(&def); return m;` becomes `return
// PyModule_Create(&def);`.
func inlineOnceUsed(src string) []string {
	lines := splitLines(src)
	var out []string
	for _, d := range declarations(lines) {
		uses, at := 0, -1
		for j := range lines {
			if j == d.line {
				continue
			}
			for _, loc := range identifier.FindAllStringIndex(codeOnly(lines[j]), -1) {
				if lines[j][loc[0]:loc[1]] == d.name {
					uses++
					at = j
				}
			}
		}
		if uses != 1 || at < d.line {
			continue
		}
		expr := d.value
		if !simpleExpression(expr) {
			expr = "(" + expr + ")"
		}
		rest := append([]string(nil), lines...)
		rest[at] = replaceIdentifier(rest[at], d.name, expr)
		rest = append(rest[:d.line], rest[d.line+1:]...)
		out = append(out, joinLines(rest))
	}
	return out
}

// simpleExpression reports whether e needs no parentheses where a name
// stood: a name, a call, a member access, a literal.
func simpleExpression(e string) bool { return simple.MatchString(e) }

var simple = lazyregexp.New(`^(?:[\w:.&*]|->)+(?:\([^()]*\))?$|^"[^"]*"$`)

// replaceIdentifier replaces the word name in line by expr, outside
// strings and comments.
func replaceIdentifier(line, name, expr string) string {
	code := codeOnly(line)
	for _, loc := range identifier.FindAllStringIndex(code, -1) {
		if line[loc[0]:loc[1]] == name {
			return line[:loc[0]] + expr + line[loc[1]:]
		}
	}
	return line
}

// dropInitialisers turns `T name = e;` into `T name;`: a default member
// initialiser or a variable's initial value that the crash does not need.
func dropInitialisers(src string) []string {
	lines := splitLines(src)
	var out []string
	for _, d := range declarations(lines) {
		rest := append([]string(nil), lines...)
		rest[d.line] = d.indent + strings.TrimRight(d.typ, " ") + maybeSpace(d.typ) + d.name + ";"
		out = append(out, joinLines(rest))
	}
	return out
}

// functionHead is a function definition's line: a name, a parameter list
// without nested parentheses, and the body's brace at the end of the line
// or on the next.
var functionHead = lazyregexp.New(`^\s*[\w:<>*&~ ]*?\b(\w+)\s*\(([^()]*)\)\s*(?:const\s*)?(?:noexcept\s*)?\{?\s*$`)

// namedParameter is a parameter with a name after its type: `PyObject
// *args`, `long n`; the name is the last group.
var namedParameter = lazyregexp.New(`^(.*?[\w>*&]\s*[*&]*\s*)\b([A-Za-z_]\w*)\s*$`)

// dropParameterNames drops a parameter's name from a function's head, one
// at a time: `PyObject *f(PyObject *self, PyObject *args)` becomes
// `PyObject *f(PyObject *, PyObject *args)`. A name the body uses makes a
// candidate the compile check rejects, without a build.
func dropParameterNames(src string) []string {
	lines := splitLines(src)
	var out []string
	for i, l := range lines {
		code := codeOnly(l)
		m := functionHead.FindStringSubmatchIndex(code)
		if m == nil || strings.HasPrefix(strings.TrimSpace(code), "#") || strings.HasPrefix(strings.TrimSpace(code), "return") {
			continue
		}
		switch code[m[2]:m[3]] {
		case "if", "while", "for", "switch", "catch":
			continue // a condition, not parameters
		}
		start, end := m[4], m[5]
		params := strings.Split(l[start:end], ",")
		for k, p := range params {
			pm := namedParameter.FindStringSubmatch(p)
			if pm == nil || strings.TrimSpace(pm[1]) == "" || pm[2] == "void" || strings.TrimSpace(pm[1]) == "const" {
				continue
			}
			kept := append([]string(nil), params...)
			kept[k] = strings.TrimRight(pm[1], " ")
			if k > 0 && !strings.HasPrefix(kept[k], " ") {
				kept[k] = " " + kept[k]
			}
			rest := append([]string(nil), lines...)
			rest[i] = l[:start] + strings.Join(kept, ",") + l[end:]
			out = append(out, joinLines(rest))
		}
	}
	return out
}

func maybeSpace(typ string) string {
	if strings.HasSuffix(strings.TrimRight(typ, " "), "*") || strings.HasSuffix(strings.TrimRight(typ, " "), "&") {
		return ""
	}
	return " "
}

// trivialLiterals replaces each non-empty string literal by "" and each
// number other than 0 by 0, one at a time: a doc string, a name, a size
// that the crash does not depend on.
func trivialLiterals(src string) []string {
	var out []string
	mask := codeMask(src)
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '"' && mask[i] == inString && (i == 0 || mask[i-1] != inString) && !preprocessorLine(src, i):
			j := i + 1
			for j < len(src) && !(src[j] == '"' && src[j-1] != '\\') {
				j++
			}
			if j > i+1 && j < len(src) {
				out = append(out, src[:i]+`""`+src[j+1:])
			}
			i = j
		case mask[i] == inCode && isDigit(src[i]) && (i == 0 || !isWord(src[i-1])):
			j := i
			for j < len(src) && (isWord(src[j]) || src[j] == '.') {
				j++
			}
			k := i
			if k > 1 && src[k-1] == '-' && !isWord(src[k-2]) && src[k-2] != ')' {
				k-- // a negative number, not a subtraction
			}
			if src[k:j] != "0" && !preprocessorLine(src, i) {
				out = append(out, src[:k]+"0"+src[j:])
			}
			i = j - 1
		}
	}
	return out
}

// dropListElements empties a brace list (`{a, b}` → `{}`), or drops its
// last element: an aggregate's trailing members take their defaults, so
// `{nullptr, nullptr, 0, nullptr}` and a PyModuleDef's trailing nullptrs
// go one by one.
func dropListElements(src string) []string {
	var out []string
	mask := codeMask(src)
	var stack []int
	for i := 0; i < len(src); i++ {
		if mask[i] != inCode {
			continue
		}
		switch src[i] {
		case '{':
			stack = append(stack, i)
		case '}':
			if len(stack) == 0 {
				continue
			}
			open := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			inner := src[open+1 : i]
			if strings.TrimSpace(inner) == "" || strings.Contains(inner, ";") || !isInitialiser(src, open) {
				continue
			}
			out = append(out, src[:open+1]+src[i:])
			if c := lastTopLevelComma(src, mask, open+1, i); c >= 0 && !isSentinel(src, open, src[c+1:i]) {
				out = append(out, strings.TrimRight(src[:c], " \t\n")+src[i:])
			}
		}
	}
	return out
}

// zeroList is a brace list of zeros: {}, {NULL}, {nullptr, nullptr, 0, nullptr}.
var zeroList = lazyregexp.New(`^\{\s*(?:(?:NULL|nullptr|0|\{\s*\})\s*(?:,\s*)?)*\}$`)

// zeroScalar is a zero pointer or number.
var zeroScalar = lazyregexp.New(`^(?:NULL|nullptr|0)$`)

// arrayInitialiser precedes the brace of an array's list: `x[] =`, `x[4] =`.
var arrayInitialiser = lazyregexp.New(`\]\s*=\s*$`)

// isSentinel reports whether last, the final element of the list that
// opens at open, ends a table that the C API reads up to it: a method or
// member table's {NULL} or {}, a keyword list's NULL. Without it the
// reader runs off the array's end, which no compiler warns of, and
// which may still crash the same way.
func isSentinel(src string, open int, last string) bool {
	last = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(last), ","))
	return zeroList.MatchString(last) || zeroScalar.MatchString(last) && arrayInitialiser.MatchString(src[:open])
}

// isInitialiser reports whether the brace at open starts a list, not a
// block: it follows `=`, `,`, `{` or `(`.
func isInitialiser(src string, open int) bool {
	j := open - 1
	for j >= 0 && strings.ContainsRune(" \t\n", rune(src[j])) {
		j--
	}
	return j >= 0 && strings.ContainsRune("=,{(", rune(src[j]))
}

// lastTopLevelComma is the offset of the last comma between first and end
// that is not nested in brackets, skipping a trailing comma; -1 when none.
func lastTopLevelComma(src string, mask []byte, first, end int) int {
	depth, last := 0, -1
	for k := first; k < end; k++ {
		if mask[k] != inCode {
			continue
		}
		switch src[k] {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case ',':
			if depth == 0 && strings.TrimSpace(src[k+1:end]) != "" {
				last = k
			}
		}
	}
	return last
}

// joinContinuations joins a statement split over lines into one: a line
// that ends inside brackets or without `;`, `{`, `}` or `:` goes on, and
// once the rest is simple, one line reads better than three.
func joinContinuations(src string) []string {
	lines := splitLines(src)
	sc := scanC(lines)
	var out []string
	for i := 0; i+1 < len(lines); i++ {
		t := strings.TrimSpace(codeOnly(lines[i]))
		next := strings.TrimSpace(lines[i+1])
		if t == "" || strings.HasPrefix(t, "#") || next == "" || strings.HasPrefix(next, "#") || !sc[i].code || sc[i+1].comment {
			continue
		}
		open := !strings.HasSuffix(t, ";") && !strings.HasSuffix(t, "{") && !strings.HasSuffix(t, "}") && !strings.HasSuffix(t, ":") || strings.HasSuffix(t, "= {") || strings.HasSuffix(t, ",")
		if !open || len(t)+len(next) > 100 {
			continue
		}
		sep := " "
		if strings.HasSuffix(t, "{") || strings.HasPrefix(next, "}") {
			sep = ""
		}
		rest := append([]string(nil), lines[:i]...)
		rest = append(rest, strings.TrimRight(withoutComments(lines[i]), " ")+sep+next)
		rest = append(rest, lines[i+2:]...)
		out = append(out, joinLines(rest))
	}
	return out
}

// shortBlock is the longest line joinShortBlocks makes: a struct of one
// member and a destructor, a function that returns a call, as a
// maintainer writes them on one line.
const shortBlock = 80

// joinShortBlocks puts a block that opens at the end of a line on that
// line, with its body and its closing brace, when the whole fits in
// shortBlock columns: `struct H {` / `  PyObject *o;` / `};` becomes
// `struct H { PyObject *o; };`. Whitespace only, but a reduced case is
// read, and a block of three lines is three lines of the count.
func joinShortBlocks(src string) []string {
	lines := splitLines(src)
	sc := scanC(lines)
	var out []string
	for i := range lines {
		t := strings.TrimSpace(withoutComments(lines[i]))
		if !sc[i].code || sc[i].comment || strings.HasPrefix(t, "#") || !strings.HasSuffix(t, "{") {
			continue
		}
		end := i + 1 // the line after the closing one: the first back at the block's depth
		for end < len(lines) && sc[end].depth > sc[i].depth {
			end++
		}
		if end-1 == i || !strings.HasPrefix(strings.TrimSpace(lines[end-1]), "}") {
			continue // the block does not close at the start of a line
		}
		indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " \t"))]
		parts := []string{t}
		ok := true
		for _, l := range lines[i+1 : end] {
			p := strings.TrimSpace(withoutComments(l))
			if strings.HasPrefix(p, "#") || strings.HasSuffix(p, "\\") {
				ok = false
			}
			if p != "" {
				parts = append(parts, p)
			}
		}
		joined := indent + strings.Join(parts, " ")
		if !ok || len(joined) > shortBlock {
			continue
		}
		rest := append(append(append([]string(nil), lines[:i]...), joined), lines[end:]...)
		out = append(out, joinLines(rest))
	}
	return out
}

// What codeMask says of each byte.
const (
	inCode byte = iota
	inString
	inComment
)

// codeMask says for each byte of src whether it is code, in a string or
// character literal, or in a comment.
func codeMask(src string) []byte {
	mask := make([]byte, len(src))
	for i := 0; i < len(src); i++ {
		switch {
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				mask[i] = inComment
				i++
			}
			i--
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			for k := i; k < i+2+end+2 && k < len(src); k++ {
				mask[k] = inComment
			}
			i += end + 3
		case src[i] == '"' || src[i] == '\'':
			q := src[i]
			mask[i] = inString
			i++
			for i < len(src) && src[i] != q && src[i] != '\n' {
				mask[i] = inString
				if src[i] == '\\' && i+1 < len(src) {
					i++
					mask[i] = inString
				}
				i++
			}
			if i < len(src) {
				mask[i] = inString
			}
		}
	}
	return mask
}

// codeOnly is a line with its comments and literals blanked out, the same
// length: what identifiers are searched in.
func codeOnly(line string) string {
	mask := codeMask(line)
	b := []byte(line)
	for i := range b {
		if mask[i] != inCode {
			b[i] = ' '
		}
	}
	return string(b)
}

// withoutComments is a line with its comments taken out.
func withoutComments(line string) string {
	mask := codeMask(line)
	var b strings.Builder
	for i := range len(line) {
		if mask[i] != inComment {
			b.WriteByte(line[i])
		}
	}
	return b.String()
}

// preprocessorLine reports whether offset i is on a # line: `#include
// "x.h"` and `#define N 8` are not literals to simplify.
func preprocessorLine(src string, i int) bool {
	start := strings.LastIndexByte(src[:i], '\n') + 1
	return strings.HasPrefix(strings.TrimSpace(src[start:i+1]), "#")
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWord(c byte) bool {
	return c == '_' || isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
