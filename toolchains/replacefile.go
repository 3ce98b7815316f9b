package toolchains

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cleanexit/cleanexit/internal/sealed"
)

// replaceFile writes data and a newline to path through a temporary file
// in the same folder, renamed over it: a reader, of this process or
// another, sees the whole old file or the whole new one, never a part.
// It then seals it (package sealed), for readSealed.
func replaceFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return sealed.Seal(path)
}

// readSealed reads a file replaceFile wrote. A file rewritten by anyone
// else (a case that pointed the 3.12 identity at the 3.13 binary) reads
// as missing, so that what it says is found out again rather than
// trusted.
func readSealed(path string) ([]byte, error) {
	data, intact, err := sealed.ReadIntact(path)
	if err != nil {
		return nil, err
	}
	if !intact {
		return nil, fmt.Errorf("%s: its content is not what cleanexit wrote", path)
	}
	return data, nil
}
