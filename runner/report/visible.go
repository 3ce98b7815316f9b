package report

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Visible is text as it may be shown to a person on a terminal or in a
// log: every control character but tab and newline, every character that
// reorders the text around it (Unicode's bidi controls), and every byte
// that is not UTF-8 is written as an escape: \x1b, \u202e, \xff.
//
// Much of what the reports show was written by a case: its output, its
// file's lines, its name. Shown raw, its escape sequences would act on
// the terminal that shows them: move the cursor up and rewrite a FAIL as
// a PASS, or conceal the summary after it. An escape written as text
// cannot be told from the same characters written by the case; a person
// reading it can tell that something was there.
func Visible(s string) string {
	if !strings.ContainsFunc(s, hidden) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r < utf8.RuneSelf && hidden(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case hidden(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}

// hidden says whether r is shown as an escape: C0 and C1 controls but tab
// and newline, DEL, and the bidi controls.
func hidden(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
		return true
	}
	return r > 0x9f && unicode.Is(unicode.Bidi_Control, r)
}
