package script

import (
	"os"
	"slices"
	"syscall"
)

// The reaper reads /proc a few dozen times a run, the watchdog the whole
// table. os.Open offers each
// descriptor to the runtime's poller, which refuses /proc's files and
// folders, at four fcntl and an epoll_ctl apiece: half of the system calls
// of a final sweep. readProc and readProcDir read with plain ones.

// readProc returns the contents of a file under /proc.
func readProc(path string) ([]byte, error) {
	fd, err := openProc(path, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	buf := make([]byte, 0, 512)
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, cap(buf))
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return buf, nil
		}
		buf = buf[:len(buf)+n]
	}
}

// readProcDir returns the names in a folder under /proc, without "." and
// "..".
func readProcDir(path string) ([]string, error) {
	fd, err := openProc(path, syscall.O_DIRECTORY)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	buf := make([]byte, 8192)
	var names []string
	for {
		n, err := syscall.ReadDirent(fd, buf)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, &os.PathError{Op: "readdirent", Path: path, Err: err}
		case n <= 0:
			return names, nil
		}
		_, _, names = syscall.ParseDirent(buf[:n], -1, names)
	}
}

func openProc(path string, flags int) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|flags, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return -1, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
}
