package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Writable checks, before any run starts, that a report can be written at
// path: a folder that does not exist or a read-only one would otherwise
// be found only after the last run, and a long CI job would end with its
// verdicts lost. A report replaces its file through a temporary one beside
// it (WriteFile), so it is the folder that must take a new file. It leaves
// nothing behind that was not there.
func Writable(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder; name a file", path)
	} else if err == nil && !fi.Mode().IsRegular() {
		// A named pipe would hold the open until someone read it.
		return fmt.Errorf("%s is not a regular file; name a file", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}
