package fswatch

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCloseReleasesTheKernelWatcher: once a Watcher is closed, this
// process no longer holds its inotify instance. An instance still held
// when the process exits is released in its exit, and releasing one that
// had watches waits for the kernel's grace period there, where the
// process's parent waits too (see release).
func TestCloseReleasesTheKernelWatcher(t *testing.T) {
	w := newTestWatcher(t)
	fd, mark := watchedMark(t, w)
	w.Close()
	waitReleased(t, fd, mark, "closed", func() {})
}

// TestDroppedWatcherReleasesTheKernelWatcher: a Watcher dropped without
// Close releases its instance once collected.
func TestDroppedWatcherReleasesTheKernelWatcher(t *testing.T) {
	newTestWatcher(t) // skips where there is no watcher
	fd, mark := func() (int, string) {
		w, err := New()
		if err != nil {
			t.Fatal(err)
		}
		return watchedMark(t, w)
	}()
	waitReleased(t, fd, mark, "dropped", runtime.GC)
}

// watchedMark gives w a tree of its own and returns w's inotify descriptor
// and the line the kernel shows for the tree's watch in
// /proc/self/fdinfo, which names the watched folder by inode: the number
// of a closed descriptor may be reused, the watch line is w's alone.
func watchedMark(t *testing.T, w *Watcher) (fd int, mark string) {
	t.Helper()
	root := t.TempDir()
	if err := w.Tree(root, nil); err != nil {
		t.Fatal(err)
	}
	var st syscall.Stat_t
	if err := syscall.Stat(root, &st); err != nil {
		t.Fatal(err)
	}
	fd = w.w.(*inotify).fd
	mark = fmt.Sprintf(" ino:%x sdev:", st.Ino)
	if !strings.Contains(fdinfo(fd), mark) {
		t.Fatalf("fdinfo of the watcher's descriptor %d does not show its watch (%q):\n%s", fd, mark, fdinfo(fd))
	}
	return fd, mark
}

func waitReleased(t *testing.T, fd int, mark, how string, nudge func()) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for strings.Contains(fdinfo(fd), mark) {
		if time.Now().After(deadline) {
			t.Fatalf("5s after its Watcher was %s, the process still holds its inotify instance (descriptor %d)", how, fd)
		}
		nudge()
		time.Sleep(10 * time.Millisecond)
	}
}

func fdinfo(fd int) string {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/self/fdinfo/%d", fd))
	return string(b)
}

// TestReleasedWatchersAreTornDown: the kernel really tears down the
// instances Close lets go of, however it is handed them (see release).
// The user's inotify instances are few (fs.inotify.max_user_instances,
// 128 by default) and shared with every other program of theirs: more
// Watchers than that, each watching a folder and closed, must all be
// made. One that cannot be made waits for the instances before it to be
// torn down, which takes the kernel a grace period each; one still
// refused after 10 s means they are kept, a leak.
func TestReleasedWatchersAreTornDown(t *testing.T) {
	newTestWatcher(t) // skips where there is no watcher
	data, err := os.ReadFile("/proc/sys/fs/inotify/max_user_instances")
	if err != nil {
		t.Skipf("the limit on inotify instances is not readable: %v", err)
	}
	limit, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || limit > 1024 {
		t.Skipf("max_user_instances is %q: too many to exhaust in a test", strings.TrimSpace(string(data)))
	}
	root := t.TempDir()
	for i := range limit + 32 {
		w, err := New()
		for deadline := time.Now().Add(10 * time.Second); err != nil && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
			w, err = New()
		}
		if err != nil {
			t.Fatalf("Watcher %d of %d (max_user_instances %d): %v: the instances of the Watchers closed before it were not torn down", i+1, limit+32, limit, err)
		}
		if err := w.Tree(root, nil); err != nil {
			t.Fatal(err)
		}
		w.Close()
	}
}
