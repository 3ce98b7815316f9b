package report

import "github.com/cleanexit/cleanexit/internal/printable"

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
func Visible(s string) string { return printable.Text(s) }

// VisibleName is Visible for a name (a run ID, a case's file), which is
// one line: a newline in it would forge a line of the report, so it is
// written as \n.
func VisibleName(s string) string { return printable.Name(s) }
