// Package atomicfile replaces a file's content through a temporary file
// beside it, renamed over it: a reader sees the whole old file or the
// whole new one, and a write cut short (a full disk, a file size limit,
// an interrupt) leaves the old one as it was. Every file cleanexit
// rewrites that someone keeps (a case, a report, a cache index) is
// written here.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces path's content with data. An existing file keeps its
// permissions; a new one gets perm. A path that exists and is not a
// regular file (a folder, a named pipe) is refused.
func Write(path string, data []byte, perm fs.FileMode) error {
	return write(path, data, perm, true)
}

// WriteUnsynced is Write without waiting for the disk: a reader beside it
// still sees the whole old file or the whole new one, but a crash of the
// machine may lose the write. For a cache's copies of what can be made
// again, thousands at a time (compiled modules), where a record written
// after them says what they were.
func WriteUnsynced(path string, data []byte, perm fs.FileMode) error {
	return write(path, data, perm, false)
}

func write(path string, data []byte, perm fs.FileMode, sync bool) error {
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		perm = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil && sync {
		err = tmp.Sync()
	}
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, cause(err))
	}
	return nil
}

// cause is a file error without the temporary file's name, which says
// nothing to the reader.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
