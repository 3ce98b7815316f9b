package pep508

import "fmt"

// Error is a malformed requirement. Col is the 1-based byte column in the
// string given to Parse, so that a caller can point at the problem in the
// case file.
type Error struct {
	Col int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("pep508: col %d: %s", e.Col, e.Msg) }
