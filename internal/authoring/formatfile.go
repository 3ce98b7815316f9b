package authoring

import (
	"bytes"
	"fmt"

	"github.com/cleanexit/cleanexit/internal/atomicfile"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// FormatFile puts the case.yaml of the case file in canonical form (see
// formatArchive), rewriting the file when write is set, and reports
// whether it was not in that form. A format error is at the file.
func FormatFile(file string, write bool) (changed bool, err error) {
	data, err := cases.ReadFile(file)
	if err != nil {
		return false, err
	}
	out, err := formatArchive(data)
	if err != nil {
		return false, fmt.Errorf("%s: %v", file, err)
	}
	if bytes.Equal(out, data) || !write {
		return !bytes.Equal(out, data), nil
	}
	return true, atomicfile.Write(file, out, 0o644)
}

// Canonical is a case archive with its case.yaml in canonical form, for a
// command that writes a case (reduce --write) and must write one that
// check accepts.
func Canonical(archive []byte) ([]byte, error) { return formatArchive(archive) }
