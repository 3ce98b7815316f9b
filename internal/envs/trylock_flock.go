//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package envs

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// tryLockExclusive locks path exclusively if nobody holds it, without
// waiting; ok is false when another holder has it. lockedfile has no
// non-blocking call, but on these systems it locks with flock(2) (see
// go-internal's lockedfile/internal/filelock/filelock_unix.go, same build
// tags), so a LOCK_NB flock on the same file excludes and is excluded by it.
func tryLockExclusive(path string) (unlock func(), ok bool, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return nil, false, err
	}
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666)
		if err != nil {
			return nil, false, err
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		for errors.Is(err, syscall.EINTR) {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		}
		if errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, false, nil
		}
		if err != nil {
			f.Close()
			return nil, false, &os.PathError{Op: "flock", Path: path, Err: err}
		}
		if !stillAt(f, path) {
			f.Close()
			continue
		}
		return func() {
			syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
			f.Close()
		}, true, nil
	}
}
