package feature

import "fmt"

// Error is a malformed feature expression. Col is the 1-based byte column
// in the string given to Parse.
type Error struct {
	Col int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("feature: col %d: %s", e.Col, e.Msg) }
