//go:build unix

// Package emfile lets a test meet a real EMFILE: the process out of file
// descriptors, as a crowded CI host leaves it, without opening thousands.
package emfile

import (
	"os"
	"syscall"
	"testing"
)

// During runs f with RLIMIT_NOFILE lowered to the lowest free descriptor,
// so that f's next open fails with EMFILE, and restores the limit before
// it returns (the limit is on a descriptor's number, not on how many are
// open). The test is skipped where the limit cannot be lowered. The limit
// is the whole process's: nothing else may open files meanwhile.
func During(t testing.TB, f func()) {
	t.Helper()
	var was syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &was); err != nil {
		t.Skip(err)
	}
	probe, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	lowest := probe.Fd()
	probe.Close()
	low := was
	low.Cur = uint64(lowest)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	defer func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &was); err != nil {
			t.Fatal(err)
		}
	}()
	f()
}
