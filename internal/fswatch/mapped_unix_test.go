//go:build unix

package fswatch

import (
	"os"
	"syscall"
	"testing"
)

// writeMapped overwrites the start of path with data through a shared
// memory mapping, as a case's process could, never calling write(2).
func writeMapped(t *testing.T, path, data string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := syscall.Mmap(int(f.Fd()), 0, len(data), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	copy(m, data)
	if err := syscall.Munmap(m); err != nil {
		t.Fatal(err)
	}
}
