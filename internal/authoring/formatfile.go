package authoring

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

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
	return true, replaceFile(file, out)
}

// replaceFile writes data to file through a temporary file and a rename,
// so that an interrupted fmt never leaves half a case.
func replaceFile(file string, data []byte) error {
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".fmt-*.txtar")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), fi.Mode().Perm()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}
