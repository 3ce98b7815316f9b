package toolchains

import (
	"errors"
	"os"
	"path/filepath"
)

// replaceFile writes data and a newline to path through a temporary file
// in the same folder, renamed over it: a reader, of this process or
// another, sees the whole old file or the whole new one, never a part.
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
	return nil
}
