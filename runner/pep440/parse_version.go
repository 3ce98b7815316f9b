package pep440

import (
	"fmt"
	"strconv"
)

// ParseVersion parses s as a PEP 440 version, accepting every spelling that
// PEP 440 normalizes ("v1.0", "1.0-ALPHA.1", "1.0-1", "1.0_rev2", " 1.0 ").
// The error says what was expected where, e.g.
// `pep440: invalid version "3.x": unexpected ".x" after "3"`.
func ParseVersion(s string) (Version, error) {
	v, problem := parseVersion(s)
	if problem != "" {
		return Version{}, fmt.Errorf("pep440: invalid version %q: %s", s, problem)
	}
	return v, nil
}

// parseVersion returns the version, or a non-empty description of the
// problem that callers wrap with their own context.
func parseVersion(s string) (Version, string) {
	s = trimSpace(s)
	if s == "" {
		return Version{}, "empty version"
	}
	sc := scanner{s: s}
	var v Version
	// PEP 440's parts, in the order a version spells them.
	for _, part := range [...]func(*Version) string{sc.release, sc.preRelease, sc.postRelease, sc.devRelease, sc.localLabel} {
		if problem := part(&v); problem != "" {
			return Version{}, problem
		}
	}
	if sc.i < len(s) {
		return Version{}, fmt.Sprintf("unexpected %q after %q", rest(s, sc.i), s[:sc.i])
	}
	return v, ""
}

// release reads "[v] [N!] N(.N)*": the optional "v", the epoch and the
// release numbers.
func (sc *scanner) release(v *Version) string {
	if lower(sc.peek()) == 'v' {
		sc.i++
	}
	if !isDigit(sc.peek()) {
		return "a version starts with a number, as in 3.12"
	}
	n, problem := sc.number()
	if problem != "" {
		return problem
	}
	if sc.peek() == '!' {
		sc.i++
		v.epoch = n
		if !isDigit(sc.peek()) {
			return fmt.Sprintf("expected a release number after the epoch %q", sc.s[:sc.i])
		}
		if n, problem = sc.number(); problem != "" {
			return problem
		}
	}
	v.release = append(v.release, n)
	for sc.peek() == '.' && isDigit(sc.peekAt(1)) {
		sc.i++
		if n, problem = sc.number(); problem != "" {
			return problem
		}
		v.release = append(v.release, n)
	}
	return ""
}

// preRelease reads "[sep] label [sep] [number]": "1.0a1", "1.0-RC.2".
func (sc *scanner) preRelease(v *Version) (problem string) {
	if !sc.label(func() bool { v.pre = sc.preLabel(); return v.pre != preNone }) {
		return ""
	}
	v.preN, problem = sc.optionalNumber()
	return problem
}

// postRelease reads "-" number ("1.0-1"), or "[sep] label [sep] [number]"
// ("1.0.post2", "1.0_rev2").
func (sc *scanner) postRelease(v *Version) (problem string) {
	if sc.peek() == '-' && isDigit(sc.peekAt(1)) {
		sc.i++
		v.hasPost = true
		v.post, problem = sc.number()
		return problem
	}
	if !sc.label(func() bool { return sc.word("post") || sc.word("rev") || sc.word("r") }) {
		return ""
	}
	v.hasPost = true
	v.post, problem = sc.optionalNumber()
	return problem
}

// devRelease reads "[sep] dev [sep] [number]": "1.0.dev3".
func (sc *scanner) devRelease(v *Version) (problem string) {
	if !sc.label(func() bool { return sc.word("dev") }) {
		return ""
	}
	v.hasDev = true
	v.dev, problem = sc.optionalNumber()
	return problem
}

// localLabel reads "+" segment ([-_.] segment)*: "1.0+ubuntu.1".
func (sc *scanner) localLabel(v *Version) string {
	if sc.peek() != '+' {
		return ""
	}
	sc.i++
	for {
		seg := sc.alnum()
		if seg == "" {
			return fmt.Sprintf("expected a letter or digit at %q in the local label after \"+\"", rest(sc.s, sc.i))
		}
		v.local = append(v.local, normalizeLocal(seg))
		if !isSeparator(sc.peek()) {
			return ""
		}
		sc.i++
	}
}

// normalizeLocal lowercases a local segment and drops leading zeros from a
// numeric one, as packaging does ("1.0+Ubuntu.01" -> "1.0+ubuntu.1").
func normalizeLocal(seg string) string {
	b := []byte(seg)
	numeric := true
	for i, c := range b {
		b[i] = lower(c)
		numeric = numeric && isDigit(c)
	}
	if numeric {
		for len(b) > 1 && b[0] == '0' {
			b = b[1:]
		}
	}
	return string(b)
}

// rest returns s from i, shortened for an error message.
func rest(s string, i int) string {
	const max = 12
	if len(s)-i > max {
		return s[i:i+max] + "..."
	}
	return s[i:]
}

// scanner walks a version string; matching is ASCII case-insensitive so that
// no lowercased copy of the input is needed.
type scanner struct {
	s string
	i int
}

func (sc *scanner) peek() byte { return sc.peekAt(0) }

func (sc *scanner) peekAt(k int) byte {
	if sc.i+k < len(sc.s) {
		return sc.s[sc.i+k]
	}
	return 0
}

// number reads a run of digits that the caller has checked is there.
func (sc *scanner) number() (uint64, string) {
	start := sc.i
	for isDigit(sc.peek()) {
		sc.i++
	}
	n, err := strconv.ParseUint(sc.s[start:sc.i], 10, 64)
	if err != nil {
		return 0, fmt.Sprintf("number %q is too large", sc.s[start:sc.i])
	}
	return n, ""
}

// optionalNumber reads the [sep] [number] after a label; a missing number is
// an implicit 0 ("1.0a" is "1.0a0"). Like packaging, it takes a separator
// even when no number follows ("1.0a-" is "1.0a0").
func (sc *scanner) optionalNumber() (uint64, string) {
	sc.separator()
	if !isDigit(sc.peek()) {
		return 0, ""
	}
	return sc.number()
}

// label consumes a separator, if there is one, and a label that match
// accepts; or nothing at all, so that a separator with no label after it
// is left for the part that follows.
func (sc *scanner) label(match func() bool) bool {
	start := sc.i
	sc.separator()
	if match() {
		return true
	}
	sc.i = start
	return false
}

func (sc *scanner) separator() {
	if isSeparator(sc.peek()) {
		sc.i++
	}
}

// word consumes w (lowercase) if the input continues with it in any case.
func (sc *scanner) word(w string) bool {
	if len(sc.s)-sc.i < len(w) {
		return false
	}
	for k := 0; k < len(w); k++ {
		if lower(sc.s[sc.i+k]) != w[k] {
			return false
		}
	}
	sc.i += len(w)
	return true
}

// preLabel consumes a pre-release spelling; longer spellings are tried
// before their prefixes ("alpha" before "a", "preview" before "pre").
func (sc *scanner) preLabel() preKind {
	switch {
	case sc.word("alpha"), sc.word("a"):
		return preAlpha
	case sc.word("beta"), sc.word("b"):
		return preBeta
	case sc.word("preview"), sc.word("pre"), sc.word("rc"), sc.word("c"):
		return preRC
	}
	return preNone
}

func (sc *scanner) alnum() string {
	start := sc.i
	for isDigit(sc.peek()) || isLetter(sc.peek()) {
		sc.i++
	}
	return sc.s[start:sc.i]
}

func isDigit(c byte) bool     { return '0' <= c && c <= '9' }
func isLetter(c byte) bool    { return 'a' <= lower(c) && lower(c) <= 'z' }
func isSeparator(c byte) bool { return c == '.' || c == '-' || c == '_' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// trimSpace strips what Python's str.strip strips from ASCII input, so that
// " 1.0\n" parses as packaging would parse it.
func trimSpace(s string) string {
	isSpace := func(c byte) bool { return c == ' ' || ('\t' <= c && c <= '\r') }
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
