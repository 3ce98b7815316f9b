package report

import (
	"errors"
	"fmt"
	"os"
)

// Writable checks, before any run starts, that a report can be written at
// path: a folder that does not exist or a read-only one would otherwise
// be found only after the last run, and a long CI job would end with its
// verdicts lost. It leaves nothing behind that was not there.
func Writable(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder; name a file", path)
	}
	_, statErr := os.Lstat(path)
	existed := statErr == nil
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f.Close()
	if !existed {
		os.Remove(path)
	}
	return nil
}
