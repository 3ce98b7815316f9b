package pep440

import (
	"fmt"
	"strings"
)

// Specifier is a set of version clauses that must all hold, such as
// ">=3.10,<3.14". The zero Specifier has no clauses and admits every final
// release.
type Specifier struct {
	clauses []clause
}

type operator string

const (
	opCompatible operator = "~="
	opEqual      operator = "=="
	opNotEqual   operator = "!="
	opLessEq     operator = "<="
	opGreaterEq  operator = ">="
	opLess       operator = "<"
	opGreater    operator = ">"
	opArbitrary  operator = "==="
)

// operators is in matching order: "===" before "==", two-byte operators
// before their one-byte prefixes.
var operators = [...]operator{opArbitrary, opEqual, opNotEqual, opLessEq, opGreaterEq, opCompatible, opLess, opGreater}

const operatorList = "==, !=, <=, >=, <, >, ~=, ==="

type clause struct {
	op        operator
	version   Version
	wildcard  bool   // "==3.12.*": match on the release prefix
	arbitrary string // the operand of "==="
}

// ParseSpecifier parses a comma-separated list of clauses. Whitespace around
// operators, versions and commas is ignored; an empty or all-blank string is
// the empty Specifier. Errors are *SpecifierError.
func ParseSpecifier(s string) (Specifier, error) {
	var spec Specifier
	if trimSpace(s) == "" {
		return spec, nil
	}
	start := 0
	for {
		end := strings.IndexByte(s[start:], ',')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		c, err := parseClause(s, start, end)
		if err != nil {
			return Specifier{}, err
		}
		spec.clauses = append(spec.clauses, c)
		if end == len(s) {
			return spec, nil
		}
		start = end + 1
	}
}

// parseClause parses s[start:end], one clause of the specifier s.
func parseClause(s string, start, end int) (clause, error) {
	raw := s[start:end]
	text := trimSpace(raw)
	offset := start + strings.Index(raw, text)
	fail := func(format string, args ...any) (clause, error) {
		return clause{}, &SpecifierError{Spec: s, Clause: text, Offset: offset, Msg: fmt.Sprintf(format, args...)}
	}
	if text == "" {
		e := &SpecifierError{Spec: s, Offset: start, Msg: `expected a version clause after ","`}
		if start == 0 {
			e.Msg = `expected a version clause before ","`
		}
		return clause{}, e
	}

	var c clause
	for _, op := range operators {
		if strings.HasPrefix(text, string(op)) {
			c.op = op
			break
		}
	}
	if c.op == "" {
		if text[0] == '=' {
			return fail(`"=" is not an operator; use "=="`)
		}
		return fail("expected an operator (%s) before %q", operatorList, text)
	}
	operand := trimSpace(text[len(c.op):])
	if operand == "" {
		if c.op == opArbitrary {
			return fail(`"===" needs a value`)
		}
		return fail("expected version after %q", c.op)
	}

	if c.op == opArbitrary {
		if strings.ContainsAny(operand, " \t\n\v\f\r") {
			return fail(`the value of "===" cannot contain whitespace`)
		}
		c.arbitrary = operand
		// Kept only so that "===1.0rc1" admits pre-releases as packaging does.
		c.version, _ = parseVersion(operand)
		return c, nil
	}

	if base, ok := strings.CutSuffix(operand, ".*"); ok {
		if c.op != opEqual && c.op != opNotEqual {
			return fail(`".*" is only allowed with == and !=`)
		}
		v, problem := parseVersion(base)
		if problem != "" || v.pre != preNone || v.hasPost || v.hasDev || v.local != nil {
			return fail(`".*" must follow release numbers only, as in ==3.12.*`)
		}
		c.version, c.wildcard = v, true
		return c, nil
	}

	v, problem := parseVersion(operand)
	if problem != "" {
		return fail("invalid version %q after %q: %s", operand, c.op, problem)
	}
	if v.local != nil && c.op != opEqual && c.op != opNotEqual {
		return fail("a local version label (%q) is only allowed with == and !=", "+"+strings.Join(v.local, "."))
	}
	if c.op == opCompatible && len(v.release) < 2 {
		return fail(`"~=" needs at least two release numbers, as in ~=3.9`)
	}
	c.version = v
	return c, nil
}

// Contains reports whether v satisfies every clause. A pre-release or
// development release v is admitted only when prereleases is true or an
// inclusive clause (==, ===, ~=, <=, >=) names a pre-release itself
// (">=3.14.0rc1"), as PEP 440 asks and packaging does.
func (s Specifier) Contains(v Version, prereleases bool) bool {
	if v.IsPrerelease() && !prereleases && !s.namesPrerelease() {
		return false
	}
	for _, c := range s.clauses {
		if !c.contains(v) {
			return false
		}
	}
	return true
}

// namesPrerelease reports whether an inclusive clause (==, ===, ~=, <=,
// >=) names a pre-release. "!=" excludes one, and packaging does not count
// "<" or ">" either: "<3.14rc1" must not pull in 3.13.0a1.
func (s Specifier) namesPrerelease() bool {
	for _, c := range s.clauses {
		switch c.op {
		case opEqual, opArbitrary, opCompatible, opLessEq, opGreaterEq:
			if c.version.IsPrerelease() {
				return true
			}
		}
	}
	return false
}

func (c clause) contains(v Version) bool {
	switch c.op {
	case opCompatible:
		prefix := clause{op: opEqual, wildcard: true, version: Version{
			epoch:   c.version.epoch,
			release: c.version.release[:len(c.version.release)-1],
		}}
		return Compare(v.Public(), c.version) >= 0 && prefix.contains(v)
	case opEqual:
		return c.equals(v)
	case opNotEqual:
		return !c.equals(v)
	case opLessEq:
		return Compare(v.Public(), c.version) <= 0
	case opGreaterEq:
		return Compare(v.Public(), c.version) >= 0
	case opLess:
		// <3.14 must not admit 3.14.0rc1, though it orders before 3.14.
		return Compare(v, c.version) < 0 &&
			(c.version.IsPrerelease() || !v.IsPrerelease() || !sameBase(v, c.version))
	case opGreater:
		// >3.13 must not admit 3.13.post1 or 3.13+local.
		return Compare(v, c.version) > 0 &&
			(c.version.isPostrelease() || !v.isPostrelease() || !sameBase(v, c.version)) &&
			(v.local == nil || !sameBase(v, c.version))
	case opArbitrary:
		return strings.EqualFold(v.String(), c.arbitrary)
	}
	return false
}

// equals implements "==": a release-prefix match for a wildcard, otherwise
// equality that ignores v's local label unless the clause gives one.
func (c clause) equals(v Version) bool {
	if c.wildcard {
		if v.epoch != c.version.epoch {
			return false
		}
		for i, n := range c.version.release {
			var m uint64
			if i < len(v.release) {
				m = v.release[i]
			}
			if m != n {
				return false
			}
		}
		return true
	}
	if c.version.local == nil {
		v = v.Public()
	}
	return Compare(v, c.version) == 0
}

// sameBase compares epoch and release only: 3.14.0rc1 and 3.14 share a base.
func sameBase(a, b Version) bool {
	return a.epoch == b.epoch && compareRelease(a.release, b.release) == 0
}

// String returns the clauses in the order written, each with its version
// normalized and without whitespace: ">=3.10,<3.14".
func (s Specifier) String() string {
	var b strings.Builder
	for i, c := range s.clauses {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(string(c.op))
		switch {
		case c.op == opArbitrary:
			b.WriteString(c.arbitrary)
		case c.wildcard:
			b.WriteString(c.version.String())
			b.WriteString(".*")
		default:
			b.WriteString(c.version.String())
		}
	}
	return b.String()
}
