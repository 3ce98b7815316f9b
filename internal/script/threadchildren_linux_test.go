package script

import (
	"encoding/binary"
	"os/exec"
	"runtime"
	"slices"
	"testing"
)

// TestThreadChildren: the kept files list the children there are now, on
// whichever thread started them, also once that thread has ended and new
// threads have come.
func TestThreadChildren(t *testing.T) {
	buf := make([]byte, 4096)
	ownChildren := func() []int {
		t.Helper()
		kids, ok := selfThreads.children(nil, buf)
		if !ok {
			t.Skip("this kernel does not list children (CONFIG_PROC_CHILDREN)")
		}
		return kids
	}
	start := func() *exec.Cmd {
		t.Helper()
		cmd := exec.Command("sleep", "30")
		if err := cmd.Start(); err != nil {
			t.Skip("cannot start sleep:", err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	before := ownChildren()
	a := start()
	if kids := ownChildren(); !slices.Contains(kids, a.Process.Pid) {
		t.Fatalf("children %v after starting pid %d (before: %v)", kids, a.Process.Pid, before)
	}
	// A child started by a thread that then ends moves to another thread
	// of the process; the ended thread's file goes.
	var b *exec.Cmd
	started := make(chan struct{})
	go func() {
		defer close(started)
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		b = exec.Command("sleep", "30")
		if b.Start() != nil {
			b = nil
		}
	}()
	<-started
	if b == nil {
		t.Skip("cannot start sleep")
	}
	t.Cleanup(func() { b.Process.Kill(); b.Wait() })
	for range 3 {
		kids := ownChildren()
		if !slices.Contains(kids, a.Process.Pid) || !slices.Contains(kids, b.Process.Pid) {
			t.Fatalf("children %v; want %d and %d among them", kids, a.Process.Pid, b.Process.Pid)
		}
	}
	a.Process.Kill()
	a.Wait()
	if kids := ownChildren(); slices.Contains(kids, a.Process.Pid) {
		t.Errorf("children %v still hold pid %d, reaped", kids, a.Process.Pid)
	}
}

// TestEachDirent reads linux_dirent64 records, inode numbers included.
func TestEachDirent(t *testing.T) {
	record := func(ino uint64, name string) []byte {
		reclen := (19 + len(name) + 1 + 7) &^ 7
		b := make([]byte, reclen)
		binary.NativeEndian.PutUint64(b, ino)
		binary.NativeEndian.PutUint16(b[16:], uint16(reclen))
		copy(b[19:], name)
		return b
	}
	var buf []byte
	buf = append(buf, record(7, ".")...)
	buf = append(buf, record(9, "..")...)
	buf = append(buf, record(1<<40, "4711")...)
	buf = append(buf, record(3, "a-longer-name")...)
	type entry struct {
		ino  uint64
		name string
	}
	var got []entry
	eachDirent(buf, func(ino uint64, name string) { got = append(got, entry{ino, name}) })
	want := []entry{{7, "."}, {9, ".."}, {1 << 40, "4711"}, {3, "a-longer-name"}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	// A record that claims more than there is ends the walk.
	bad := record(5, "x")
	binary.NativeEndian.PutUint16(bad[16:], 200)
	got = nil
	eachDirent(append(record(1, "ok"), bad...), func(ino uint64, name string) { got = append(got, entry{ino, name}) })
	if want := []entry{{1, "ok"}}; !slices.Equal(got, want) {
		t.Errorf("with a bad record: got %v, want %v", got, want)
	}
}
