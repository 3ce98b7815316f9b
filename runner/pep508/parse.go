package pep508

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/runner/pep440"
)

// Parse parses one requirement. A string that starts with "./", "../", "/"
// or "~/", is "." or "..", or names a .whl, .tar.gz or .zip file and is not
// a URL (no "@", no "://"), is a local path (see pathRequirement); anything
// else must be PEP 508.
// Errors are *Error.
func Parse(s string) (Requirement, error) {
	p := parser{s: s}
	p.skipSpace()
	if p.eof() {
		return Requirement{}, p.fail(p.i, "empty requirement")
	}
	if isPathForm(s[p.i:]) {
		return p.pathRequirement()
	}
	var r Requirement
	var err error
	if r.Name, err = p.name(); err != nil {
		return Requirement{}, err
	}
	p.skipSpace()
	if p.peek() == '[' {
		if r.Extras, err = p.extras(); err != nil {
			return Requirement{}, err
		}
		p.skipSpace()
	}
	switch c := p.peek(); {
	case c == '@':
		if r.URL, err = p.url(); err != nil {
			return Requirement{}, err
		}
	case c == '(':
		if r.Specifier, err = p.parenthesizedSpecifier(); err != nil {
			return Requirement{}, err
		}
	case isOperatorStart(c):
		if r.Specifier, err = p.specifier(len(s)); err != nil {
			return Requirement{}, err
		}
	}
	p.skipSpace()
	switch {
	case p.eof():
		return r, nil
	case p.peek() == ';':
		if r.Marker, err = p.marker(); err != nil {
			return Requirement{}, err
		}
		return r, nil
	case r.URL != "":
		return Requirement{}, p.fail(p.i, fmt.Sprintf("unexpected %q after the URL; a marker starts with \";\"", p.word()))
	case r.Specifier != "":
		return Requirement{}, p.fail(p.i, fmt.Sprintf("unexpected %q after the version specifier; a marker starts with \";\"", p.word()))
	}
	return Requirement{}, p.fail(p.i, fmt.Sprintf(
		"unexpected %q after %q; expected a version specifier (==1.0), extras ([extra]), \"@ URL\" or \"; marker\"",
		p.word(), r.Name))
}

// parser walks the requirement; positions are byte offsets into s.
type parser struct {
	s string
	i int
}

func (p *parser) eof() bool { return p.i >= len(p.s) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.s[p.i]
}

func (p *parser) skipSpace() {
	for !p.eof() && isSpace(p.s[p.i]) {
		p.i++
	}
}

// word returns the run of non-space bytes at the current position, for
// quoting in an error message.
func (p *parser) word() string {
	end := p.i
	for end < len(p.s) && !isSpace(p.s[end]) {
		end++
	}
	return p.s[p.i:end]
}

func (p *parser) fail(offset int, msg string) error {
	return &Error{Col: offset + 1, Msg: msg}
}

// name reads a project name: letters, digits, "-", "_" and ".", starting
// and ending with a letter or digit.
func (p *parser) name() (string, error) {
	start := p.i
	for !p.eof() && isNameByte(p.peek()) {
		p.i++
	}
	name := p.s[start:p.i]
	if name == "" {
		if isOperatorStart(p.peek()) || p.peek() == '@' || p.peek() == '[' || p.peek() == '(' {
			return "", p.fail(p.i, fmt.Sprintf("expected a package name before %q", p.word()))
		}
		return "", p.fail(p.i, fmt.Sprintf("expected a package name, found %q", p.word()))
	}
	if !p.eof() && !isSpace(p.peek()) && !strings.ContainsRune("[(<>=!~@;", rune(p.peek())) {
		bad := p.i
		p.i = start
		token := p.word()
		switch c := p.s[bad]; {
		case c == ':' && strings.HasPrefix(p.s[bad:], "://"):
			return "", p.fail(start, fmt.Sprintf("a URL needs a package name in front: write \"NAME @ %s\"", token))
		case c == '/' || c == '\\':
			return "", p.fail(bad, fmt.Sprintf("invalid name %q; write a local path as \"./%s\"", token, token))
		}
		return "", p.fail(bad, fmt.Sprintf("invalid name %q: a name contains only letters, digits, \".\", \"-\" and \"_\"", token))
	}
	if !isAlnum(name[0]) {
		return "", p.fail(start, fmt.Sprintf("invalid name %q: a name must start with a letter or digit", name))
	}
	if !isAlnum(name[len(name)-1]) {
		return "", p.fail(p.i-1, fmt.Sprintf("invalid name %q: a name must end with a letter or digit", name))
	}
	return name, nil
}

// extras reads "[a, b]" at the current position.
func (p *parser) extras() ([]string, error) {
	open := p.i
	p.i++ // '['
	p.skipSpace()
	if p.peek() == ']' {
		p.i++
		return nil, nil
	}
	var extras []string
	after := `"["`
	for {
		p.skipSpace()
		start := p.i
		for !p.eof() && isNameByte(p.peek()) {
			p.i++
		}
		extra := p.s[start:p.i]
		switch {
		case extra == "" && p.eof():
			return nil, p.fail(p.i, fmt.Sprintf("expected an extra name after %s; \"[\" at col %d is not closed", after, open+1))
		case extra == "":
			return nil, p.fail(p.i, fmt.Sprintf("expected an extra name after %s, found %q", after, p.word()))
		case !isAlnum(extra[0]) || !isAlnum(extra[len(extra)-1]):
			return nil, p.fail(start, fmt.Sprintf("invalid extra %q: it must start and end with a letter or digit", extra))
		}
		extras = append(extras, extra)
		p.skipSpace()
		switch p.peek() {
		case ']':
			p.i++
			return extras, nil
		case ',':
			p.i++
			after = `","`
			continue
		}
		if p.eof() {
			return nil, p.fail(p.i, fmt.Sprintf("expected \",\" or \"]\" after extra %q; \"[\" at col %d is not closed", extra, open+1))
		}
		return nil, p.fail(p.i, fmt.Sprintf("expected \",\" or \"]\" after extra %q, found %q", extra, p.word()))
	}
}

// url reads "@ URL". The URL runs to the next whitespace, so a marker after
// a URL needs a space before ";" (PEP 508 says so, because ";" may be part
// of a URL).
func (p *parser) url() (string, error) {
	at := p.i
	p.i++ // '@'
	p.skipSpace()
	if p.eof() || p.peek() == ';' {
		return "", p.fail(p.i, `expected a URL after "@"`)
	}
	start := p.i
	url := p.word()
	p.i += len(url)
	if hasPathPrefix(url) {
		return "", p.fail(start, fmt.Sprintf("%q is a path, not a URL: write the path alone, without \"name @\", or a file:// URL", url))
	}
	if urlScheme(url) == "" || strings.HasSuffix(url, ":") {
		return "", p.fail(start, fmt.Sprintf("expected a URL such as https://..., git+https://... or file:///... after \"@\" at col %d, found %q", at+1, url))
	}
	// "URL;python_version<'3'" is one URL to PEP 508, but almost surely
	// meant as a marker.
	if semi := strings.IndexByte(url, ';'); semi >= 0 && checkMarker(p.s, start+semi+1) == nil {
		return "", p.fail(start+semi, `a marker after a URL needs a space before ";" (PEP 508 lets a URL contain ";")`)
	}
	return url, nil
}

// parenthesizedSpecifier reads "(>=1.0, <2)", the older PEP 508 spelling.
func (p *parser) parenthesizedSpecifier() (string, error) {
	open := p.i
	end := strings.IndexAny(p.s[open:], ");")
	if end < 0 || p.s[open+end] == ';' {
		return "", p.fail(open, `"(" is not closed: expected ")" after the version specifier`)
	}
	p.i++ // '('
	spec, err := p.specifier(open + end)
	if err != nil {
		return "", err
	}
	p.i = open + end + 1
	return spec, nil
}

// specifier reads a version specifier from the current position up to ";"
// or limit, and validates it with pep440.
func (p *parser) specifier(limit int) (string, error) {
	start := p.i
	end := limit
	if semi := strings.IndexByte(p.s[start:limit], ';'); semi >= 0 {
		end = start + semi
	}
	p.i = end
	text := p.s[start:end]
	if _, err := pep440.ParseSpecifier(text); err != nil {
		var se *pep440.SpecifierError
		if errors.As(err, &se) {
			return "", p.fail(start+se.Offset, se.Msg)
		}
		return "", p.fail(start, err.Error())
	}
	return strings.TrimSpace(text), nil
}

// marker reads "; marker" to the end of the string.
func (p *parser) marker() (string, error) {
	p.i++ // ';'
	p.skipSpace()
	if p.eof() {
		return "", p.fail(p.i, `expected a marker after ";", such as python_version >= "3.10"`)
	}
	if err := checkMarker(p.s, p.i); err != nil {
		return "", err
	}
	return strings.TrimSpace(p.s[p.i:]), nil
}

func isOperatorStart(c byte) bool {
	return c == '<' || c == '>' || c == '=' || c == '!' || c == '~'
}

func isNameByte(c byte) bool { return isAlnum(c) || c == '-' || c == '_' || c == '.' }
func isAlnum(c byte) bool    { return isLetter(c) || isDigit(c) }
func isLetter(c byte) bool   { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }
func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
