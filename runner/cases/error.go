package cases

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/printable"
)

// An Error is a problem with a case, at a place in its file. It is the one
// error type of case loading; callers print it as it is.
type Error struct {
	File string // as the user named it
	Line int    // 1-based; 0 when the problem is with the file as a whole
	Msg  string
}

// Error reads "file:line: msg". The file's name is printed escaped: a
// newline in it would forge an error line of its own (printable.Name).
func (e *Error) Error() string {
	file := printable.Name(e.File)
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", file, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", file, e.Msg)
}

// An ErrorList is every problem found in one or more cases, so that
// `cleanexit check` can show them all at once.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Sort orders the list by file, then line.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].File != l[j].File {
			return l[i].File < l[j].File
		}
		return l[i].Line < l[j].Line
	})
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
