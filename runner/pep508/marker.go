package pep508

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// markerVariables are the names a marker may compare, as pip's vendored
// packaging accepts them (including the dotted legacy spellings).
var markerVariables = map[string]bool{
	"python_version":                 true,
	"python_full_version":            true,
	"os_name":                        true,
	"sys_platform":                   true,
	"platform_release":               true,
	"platform_system":                true,
	"platform_version":               true,
	"platform_machine":               true,
	"platform_python_implementation": true,
	"implementation_name":            true,
	"implementation_version":         true,
	"extra":                          true,
	"os.name":                        true,
	"sys.platform":                   true,
	"platform.version":               true,
	"platform.machine":               true,
	"platform.python_implementation": true,
	"python_implementation":          true,
}

// markerOperators in matching order: longer spellings first.
var markerOperators = [...]string{"===", "==", "!=", "<=", ">=", "~=", "<", ">"}

// checkMarker validates the marker s[start:] without evaluating it:
//
//	or   := and ("or" and)*
//	and  := expr ("and" expr)*
//	expr := "(" or ")" | value op value
//	value := quoted string | variable
//	op   := == != <= >= < > ~= === | in | not in
func checkMarker(s string, start int) error {
	m := markerChecker{s: s, i: start}
	if err := m.or(); err != nil {
		return err
	}
	m.skipSpace()
	if m.i < len(s) {
		return m.fail(m.i, fmt.Sprintf("unexpected %q; expected \"and\", \"or\" or the end of the marker", m.token()))
	}
	return nil
}

type markerChecker struct {
	s     string
	i     int
	depth int // open parentheses; bounds recursion on hostile input
}

func (m *markerChecker) fail(offset int, msg string) error {
	return &Error{Col: offset + 1, Msg: msg}
}

func (m *markerChecker) skipSpace() {
	for m.i < len(m.s) && isSpace(m.s[m.i]) {
		m.i++
	}
}

// token returns the next word or punctuation for an error message.
func (m *markerChecker) token() string {
	if m.i >= len(m.s) {
		return ""
	}
	end := m.i
	for end < len(m.s) && isMarkerWordByte(m.s[end]) {
		end++
	}
	if end == m.i {
		end++
	}
	return m.s[m.i:end]
}

// keyword consumes w if it is the next whole word.
func (m *markerChecker) keyword(w string) bool {
	m.skipSpace()
	if !strings.HasPrefix(m.s[m.i:], w) {
		return false
	}
	if end := m.i + len(w); end < len(m.s) && isMarkerWordByte(m.s[end]) {
		return false
	}
	m.i += len(w)
	return true
}

func (m *markerChecker) or() error  { return m.chain("or", m.and) }
func (m *markerChecker) and() error { return m.chain("and", m.expr) }

// chain checks operand (keyword operand)*.
func (m *markerChecker) chain(keyword string, operand func() error) error {
	for {
		if err := operand(); err != nil {
			return err
		}
		if !m.keyword(keyword) {
			return nil
		}
	}
}

func (m *markerChecker) expr() error {
	m.skipSpace()
	if m.i < len(m.s) && m.s[m.i] == '(' {
		open := m.i
		m.i++
		if m.depth++; m.depth > 100 {
			return m.fail(open, "markers nested more than 100 deep")
		}
		if err := m.or(); err != nil {
			return err
		}
		m.depth--
		m.skipSpace()
		if m.i >= len(m.s) || m.s[m.i] != ')' {
			return m.fail(m.i, fmt.Sprintf("expected \")\" to close \"(\" at col %d", open+1))
		}
		m.i++
		return nil
	}
	left := m.i
	if err := m.value(""); err != nil {
		return err
	}
	op, err := m.operator(m.s[left:m.i])
	if err != nil {
		return err
	}
	return m.value(op)
}

// value reads a quoted string or a marker variable; after is the operator
// before it, or "" on the left-hand side.
func (m *markerChecker) value(after string) error {
	m.skipSpace()
	at := m.i
	if m.i >= len(m.s) {
		if after == "" {
			return m.fail(at, `expected a marker variable such as python_version, or a quoted string`)
		}
		return m.fail(at, fmt.Sprintf("expected a value after %q", after))
	}
	if q := m.s[m.i]; q == '\'' || q == '"' {
		end := strings.IndexByte(m.s[m.i+1:], q)
		if end < 0 {
			return m.fail(at, fmt.Sprintf("string starting with %c is not closed", q))
		}
		m.i += end + 2
		return nil
	}
	word := m.token()
	if !isMarkerWordByte(word[0]) {
		if after == "" {
			return m.fail(at, fmt.Sprintf("expected a marker variable such as python_version, or a quoted string, found %q", word))
		}
		return m.fail(at, fmt.Sprintf("expected a value after %q, found %q", after, word))
	}
	if markerVariables[word] {
		m.i += len(word)
		return nil
	}
	if isDigit(word[0]) {
		return m.fail(at, fmt.Sprintf("the value %s must be quoted: '%s'", word, word))
	}
	msg := fmt.Sprintf("unknown marker variable %q", word)
	if s := suggestVariable(word); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", s)
	}
	return m.fail(at, msg)
}

// operator reads a comparison, "in" or "not in" after left.
func (m *markerChecker) operator(left string) (string, error) {
	m.skipSpace()
	for _, op := range markerOperators {
		if strings.HasPrefix(m.s[m.i:], op) {
			m.i += len(op)
			return op, nil
		}
	}
	if m.keyword("in") {
		return "in", nil
	}
	if m.keyword("not") {
		if m.keyword("in") {
			return "not in", nil
		}
		m.skipSpace()
		return "", m.fail(m.i, `expected "in" after "not"`)
	}
	m.skipSpace()
	if m.i >= len(m.s) {
		return "", m.fail(m.i, fmt.Sprintf("expected an operator (==, !=, <, <=, >, >=, ~=, ===, in, not in) after %s", left))
	}
	return "", m.fail(m.i, fmt.Sprintf("expected an operator (==, !=, <, <=, >, >=, ~=, ===, in, not in) after %s, found %q", left, m.token()))
}

func isMarkerWordByte(c byte) bool { return isAlnum(c) || c == '_' || c == '.' }

// suggestVariable returns the marker variable closest to word within an
// edit distance of 3, or "".
func suggestVariable(word string) string {
	best, bestDist := "", 4
	for v := range markerVariables {
		if strings.Contains(v, ".") {
			continue
		}
		if d := suggest.Distance(word, v); d < bestDist || (d == bestDist && v < best) {
			best, bestDist = v, d
		}
	}
	return best
}
