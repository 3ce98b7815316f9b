// Package printable writes text that came from a case (its output, its
// file's lines, its name) so that it can be shown without acting on what
// shows it: a terminal's escape sequences, a carriage return that rewrites
// a FAIL as a PASS, a newline in a name that forges a line of its own.
// Such characters are written as escapes (\x1b, \u202e, \xff) a reader can
// see, never dropped: something was there.
//
// Text keeps newlines and tabs (output has lines); Name keeps neither (a
// name is one line). runner/report shows every case-written string
// through them, and runner/cases prints the names in its errors through
// Name.
package printable

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text is s with every control character but tab and newline, every
// character that reorders the text around it (Unicode's bidi controls),
// and every byte that is not UTF-8 written as an escape.
func Text(s string) string { return escape(s, false) }

// Name is Text for a name, which is one line: a newline or tab is written
// as \n or \t too.
func Name(s string) string { return escape(s, true) }

// Problem says what a name holds that Name would escape, or "": the first
// such character, as "a newline at byte 4".
func Problem(name string) string {
	for i, r := range name {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(name[i:], "\uFFFD"):
			return fmt.Sprintf("a byte that is not UTF-8 (\\x%02x) at byte %d", name[i], i+1)
		case hidden(r, true):
			return fmt.Sprintf("%s at byte %d", describe(r), i+1)
		}
	}
	return ""
}

func describe(r rune) string {
	switch r {
	case '\n':
		return "a newline"
	case '\r':
		return "a carriage return"
	case '\t':
		return "a tab"
	case 0x1b:
		return "an escape character (ESC)"
	}
	if r < utf8.RuneSelf {
		return fmt.Sprintf("a control character (\\x%02x)", r)
	}
	return fmt.Sprintf("a control character (\\u%04x)", r)
}

func escape(s string, name bool) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return hidden(r, name) }) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r == '\n' && name:
			b.WriteString(`\n`)
		case r == '\t' && name:
			b.WriteString(`\t`)
		case r < utf8.RuneSelf && hidden(r, name):
			fmt.Fprintf(&b, `\x%02x`, r)
		case hidden(r, name):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}

// hidden says whether r is written as an escape: C0 and C1 controls (but
// tab and newline outside a name), DEL, and the bidi controls.
func hidden(r rune, name bool) bool {
	switch {
	case (r == '\n' || r == '\t') && !name:
		return false
	case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
		return true
	}
	return r > 0x9f && unicode.Is(unicode.Bidi_Control, r)
}
