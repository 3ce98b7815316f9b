package reduce

import "strings"

// A span is a range of lines of a file, 0-based and half-open: the unit
// ddmin keeps or drops.
type span struct{ first, end int }

// cLine is what the C/C++ scanner knows of one line.
type cLine struct {
	depth   int  // brace depth where the line starts
	code    bool // holds something besides blanks and comments
	comment bool // starts inside a /* */ comment
	text    string
}

// scanC reads C or C++ lines, counting braces outside comments, string and
// character literals. It is not a parser: a brace in a macro argument or a
// raw string can miscount, and then candidates merely fail to build.
func scanC(lines []string) []cLine {
	out, _ := scanCBalance(lines)
	return out
}

// cBalanced reports whether a C or C++ source's braces, parentheses and
// brackets pair up and its #if lines have their #endif: a candidate that
// fails this cannot build, and is rejected without starting the compiler.
func cBalanced(src string) bool {
	lines := splitLines(src)
	_, ok := scanCBalance(lines)
	if !ok {
		return false
	}
	nest := 0
	for _, l := range lines {
		d := strings.TrimSpace(l)
		if !strings.HasPrefix(d, "#") {
			continue
		}
		d = strings.TrimSpace(d[1:])
		switch {
		case strings.HasPrefix(d, "if"):
			nest++
		case strings.HasPrefix(d, "endif"):
			if nest--; nest < 0 {
				return false
			}
		}
	}
	return nest == 0
}

func scanCBalance(lines []string) ([]cLine, bool) {
	out := make([]cLine, len(lines))
	depth, inComment := 0, false
	var stack []byte
	balanced := true
	closing := map[byte]byte{'}': '{', ')': '(', ']': '['}
	for i, l := range lines {
		out[i] = cLine{depth: depth, comment: inComment, text: l}
		inStr, inChar := false, false
		for j := 0; j < len(l); j++ {
			c := l[j]
			switch {
			case inComment:
				if c == '*' && j+1 < len(l) && l[j+1] == '/' {
					inComment = false
					j++
				}
			case inStr || inChar:
				if c == '\\' {
					j++
				} else if inStr && c == '"' || inChar && c == '\'' {
					inStr, inChar = false, false
				}
			case c == '/' && j+1 < len(l) && l[j+1] == '/':
				j = len(l)
			case c == '/' && j+1 < len(l) && l[j+1] == '*':
				inComment = true
				j++
			case c == '"':
				inStr, out[i].code = true, true
			case c == '\'':
				inChar, out[i].code = true, true
			case c == '{' || c == '(' || c == '[':
				stack, out[i].code = append(stack, c), true
				if c == '{' {
					depth++
				}
			case c == '}' || c == ')' || c == ']':
				out[i].code = true
				if len(stack) == 0 || stack[len(stack)-1] != closing[c] {
					balanced = false
				} else {
					stack = stack[:len(stack)-1]
				}
				if c == '}' {
					depth = max(depth-1, 0)
				}
			case c != ' ' && c != '\t' && c != '\r':
				out[i].code = true
			}
		}
	}
	return out, balanced && len(stack) == 0 && !inComment
}

// cUnits are the brace-balanced statements and blocks of a C or C++ source
// that start depth braces deep: a function with its body, a struct with its
// closing `};`, an `#if` … `#endif` group, a statement over several lines,
// a comment. Level 0 is the file's top level.
func cUnits(src string, depth int) []span {
	lines := splitLines(src)
	sc := scanC(lines)
	var out []span
	for i := 0; i < len(sc); {
		l := sc[i]
		t := strings.TrimSpace(l.text)
		// A closing brace belongs to the block it closes, a level up.
		if l.depth != depth || t == "" || strings.HasPrefix(t, "}") {
			i++
			continue
		}
		end := cUnitEnd(sc, i, depth)
		out = append(out, span{i, end})
		i = end
	}
	return out
}

// cUnitEnd is the line after the unit that starts at line i.
func cUnitEnd(sc []cLine, i, depth int) int {
	t := strings.TrimSpace(sc[i].text)
	if strings.HasPrefix(t, "#") {
		return preprocessorEnd(sc, i)
	}
	if !sc[i].code { // a comment: up to where it closes
		j := i + 1
		for j < len(sc) && sc[j].comment {
			j++
		}
		return j
	}
	j := i + 1
	for j < len(sc) {
		prev := strings.TrimSpace(stripLineComment(sc[j-1].text))
		inside := sc[j].depth > depth
		// A declaration over several lines goes on until it ends.
		open := prev != "" && !strings.HasSuffix(prev, ";") && !strings.HasSuffix(prev, "}") &&
			!strings.HasSuffix(prev, ":") && !strings.HasPrefix(prev, "#")
		if !inside && !open {
			break
		}
		if strings.HasPrefix(strings.TrimSpace(sc[j].text), "#") && !inside {
			break
		}
		j++
	}
	return j
}

// preprocessorEnd is the line after a directive: the matching #endif of
// an #if, or the last line a backslash continues.
func preprocessorEnd(sc []cLine, i int) int {
	t := strings.TrimSpace(sc[i].text)
	if !strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(t, "#")), "if") {
		j := i
		for j < len(sc) && strings.HasSuffix(strings.TrimRight(sc[j].text, " \t"), "\\") {
			j++
		}
		return min(j+1, len(sc))
	}
	nest := 0
	for j := i; j < len(sc); j++ {
		d := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sc[j].text), "#"))
		if !strings.HasPrefix(strings.TrimSpace(sc[j].text), "#") {
			continue
		}
		switch {
		case strings.HasPrefix(d, "if"):
			nest++
		case strings.HasPrefix(d, "endif"):
			nest--
			if nest == 0 {
				return j + 1
			}
		}
	}
	return len(sc)
}

func stripLineComment(l string) string {
	if i := strings.Index(l, "//"); i >= 0 && !strings.Contains(l[:i], `"`) {
		return l[:i]
	}
	return l
}

// splitLines splits src into lines without their newlines; a final newline
// does not make an empty last line.
func splitLines(src string) []string {
	if src == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(src, "\n"), "\n")
}

// joinLines is splitLines' inverse for a file that ends with a newline.
func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// lineUnits are the file's lines, one unit each: ddmin's last and finest
// granularity.
func lineUnits(src string) []span {
	lines := splitLines(src)
	out := make([]span, len(lines))
	for i := range lines {
		out[i] = span{i, i + 1}
	}
	return out
}

// without is src with the lines of the given spans removed.
func without(src string, drop []span) string {
	lines := splitLines(src)
	gone := make([]bool, len(lines))
	for _, s := range drop {
		for i := s.first; i < s.end && i < len(lines); i++ {
			gone[i] = true
		}
	}
	kept := lines[:0:0]
	for i, l := range lines {
		if !gone[i] {
			kept = append(kept, l)
		}
	}
	return joinLines(kept)
}
