package feature

import (
	"fmt"
	"unicode/utf8"
)

// maxDepth bounds parenthesis nesting so that hostile input cannot make the
// recursive-descent parser recurse without limit.
const maxDepth = 100

// Parse parses a feature expression. Errors are *Error and name the column
// and what was expected there. Parse does not check names against the
// vocabulary; see Known.
//
// "!!x" reads as x, so a chain of negations cannot nest without limit.
func Parse(s string) (Expr, error) {
	toks, err := tokenize(s)
	if err != nil {
		return nil, err
	}
	if toks[0].kind == tokEOF {
		return nil, &Error{Col: 1, Msg: "empty expression"}
	}
	if toks[0].kind == tokStar {
		if next := toks[1]; next.kind != tokEOF {
			return nil, &Error{Col: next.pos + 1, Msg: fmt.Sprintf(`"*" must be the whole expression (it matches everywhere), found %q after it`, next.text)}
		}
		return anything{}, nil
	}
	p := parser{toks: toks}
	x, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.trailing(t)
	}
	return x, nil
}

type parser struct {
	toks  []token
	i     int
	depth int
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

func (p *parser) or() (Expr, error)  { return chain[or](p, tokOr, p.and) }
func (p *parser) and() (Expr, error) { return chain[and](p, tokAnd, p.unary) }

// chain parses operand (op operand)*. One operand alone is itself; more
// make a list L, into which an operand that is an L already, parenthesized,
// is merged: "(a || b) || c" is "a || b || c".
func chain[L interface {
	~[]Expr
	Expr
}](p *parser, op tokenKind, operand func() (Expr, error)) (Expr, error) {
	x, err := operand()
	if err != nil {
		return nil, err
	}
	if p.peek().kind != op {
		return x, nil
	}
	var terms L
	add := func(t Expr) {
		if inner, ok := t.(L); ok {
			terms = append(terms, inner...)
		} else {
			terms = append(terms, t)
		}
	}
	add(x)
	for p.peek().kind == op {
		p.next()
		y, err := operand()
		if err != nil {
			return nil, err
		}
		add(y)
	}
	return terms, nil
}

func (p *parser) unary() (Expr, error) {
	negate := false
	for p.peek().kind == tokNot {
		p.next()
		negate = !negate
	}
	var x Expr
	t := p.next()
	switch t.kind {
	case tokName:
		x = name(t.text)
	case tokLParen:
		if p.depth++; p.depth > maxDepth {
			return nil, &Error{Col: t.pos + 1, Msg: fmt.Sprintf("parentheses nested more than %d deep", maxDepth)}
		}
		inner, err := p.or()
		if err != nil {
			return nil, err
		}
		p.depth--
		switch closing := p.next(); closing.kind {
		case tokRParen:
		case tokEOF:
			return nil, &Error{Col: closing.pos + 1, Msg: fmt.Sprintf(`expected ")" to close "(" at col %d`, t.pos+1)}
		default:
			return nil, &Error{Col: closing.pos + 1, Msg: fmt.Sprintf(`expected "&&", "||" or ")" to close "(" at col %d, found %q`, t.pos+1, closing.text)}
		}
		x = inner
	case tokStar:
		return nil, &Error{Col: t.pos + 1, Msg: `"*" must be the whole expression (it matches everywhere)`}
	default:
		return nil, p.missingName(t)
	}
	if negate {
		return not{x}, nil
	}
	return x, nil
}

// missingName reports that t is where a feature name should be.
func (p *parser) missingName(t token) error {
	e := &Error{Col: t.pos + 1}
	prev := p.i - 1
	if t.kind == tokEOF {
		prev = p.i
	}
	after := ""
	if prev > 0 {
		after = fmt.Sprintf(" after %q", p.toks[prev-1].text)
	}
	switch {
	case t.kind == tokEOF:
		e.Msg = "expected a feature name" + after
	case t.kind == tokRParen && after == "":
		e.Msg = `unexpected ")" with no matching "("`
	default:
		e.Msg = fmt.Sprintf("expected a feature name%s, found %q", after, t.text)
	}
	return e
}

// trailing reports a token left over after a complete expression.
func (p *parser) trailing(t token) error {
	e := &Error{Col: t.pos + 1}
	switch {
	case t.kind == tokRParen:
		e.Msg = `unexpected ")" with no matching "("`
	case t.kind == tokName && (t.text == "and" || t.text == "or" || t.text == "not"):
		e.Msg = fmt.Sprintf(`unexpected %q: write "&&", "||" and "!"`, t.text)
	default:
		e.Msg = fmt.Sprintf(`unexpected %q after %q: join features with "&&" or "||"`, t.text, p.toks[p.i-1].text)
	}
	return e
}

type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokName
	tokNot
	tokAnd
	tokOr
	tokLParen
	tokRParen
	tokStar
)

type token struct {
	kind tokenKind
	text string
	pos  int // byte offset in the input
}

// tokenize splits s into tokens, ending with tokEOF.
func tokenize(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case isNameByte(c):
			start := i
			for i < len(s) && isNameByte(s[i]) {
				i++
			}
			toks = append(toks, token{tokName, s[start:i], start})
			continue
		case c == '&' || c == '|':
			double := string([]byte{c, c})
			if i+1 >= len(s) || s[i+1] != c {
				return nil, &Error{Col: i + 1, Msg: fmt.Sprintf("expected %q, found %q", double, string(c))}
			}
			kind := tokAnd
			if c == '|' {
				kind = tokOr
			}
			toks = append(toks, token{kind, double, i})
			i += 2
			continue
		}
		var kind tokenKind
		switch c {
		case '!':
			kind = tokNot
		case '(':
			kind = tokLParen
		case ')':
			kind = tokRParen
		case '*':
			kind = tokStar
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			what := string(r)
			if r == utf8.RuneError {
				what = s[i : i+1]
			}
			return nil, &Error{Col: i + 1, Msg: fmt.Sprintf(`unexpected character %q; a feature name has only letters, digits and "_.+-"`, what)}
		}
		toks = append(toks, token{kind, s[i : i+1], i})
		i++
	}
	return append(toks, token{kind: tokEOF, pos: len(s)}), nil
}

func isNameByte(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') ||
		c == '_' || c == '.' || c == '+' || c == '-'
}
