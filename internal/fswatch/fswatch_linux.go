package fswatch

import (
	"errors"
	"golang.org/x/sys/unix"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"unsafe"
)

// inotify is the Linux watcher: one inotify instance, a watch per folder,
// and per file in the trees that ask for files.
type inotify struct {
	fd int
	// dirs maps a watch to its folder and the trees that folder is in:
	// the kernel gives a folder one watch however often it is added, and
	// a folder in two trees (one root inside another, or the same folder
	// given twice) reports to both.
	dirs map[int32]*watched
	skip map[string]func(name string) bool // a tree's root -> its skip
	// files holds the trees whose files are watched one by one too.
	files map[string]bool
	// incomplete holds the trees of which a folder made later could not
	// be watched: from then on every answer for them is "anything may
	// have changed".
	incomplete map[string]bool
	buf        []byte
}

type watched struct {
	dir   string
	roots []string // the roots of the trees it was watched for
}

// mask is every event that changes what a folder holds or what its files
// hold. Opening and reading (IN_ACCESS, IN_OPEN) are not changes. The last
// close of a file opened for writing (IN_CLOSE_WRITE) is in: a write
// through a shared memory mapping makes no IN_MODIFY, and that close,
// which comes at the latest when the writer exits, is the only event it
// makes. A close with nothing written costs the caller's exact comparison
// of one file.
const mask = syscall.IN_MODIFY | syscall.IN_CLOSE_WRITE | syscall.IN_ATTRIB | syscall.IN_CREATE | syscall.IN_DELETE |
	syscall.IN_MOVED_FROM | syscall.IN_MOVED_TO | syscall.IN_DELETE_SELF | syscall.IN_MOVE_SELF |
	syscall.IN_ONLYDIR | syscall.IN_DONT_FOLLOW

// fileMask is mask for a file's own watch. A folder's watch sees what is
// done to its files through that folder; a file's own watch sees what is
// done to the file by any path: a write through a hard link made
// elsewhere, and the link itself (IN_ATTRIB, the link count).
const fileMask = mask &^ syscall.IN_ONLYDIR

func newWatcher() (watcher, error) {
	fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
	if err != nil {
		return nil, &fs.PathError{Op: "inotify_init1", Path: "", Err: err}
	}
	return &inotify{fd: fd, dirs: map[int32]*watched{}, skip: map[string]func(string) bool{}, files: map[string]bool{}, incomplete: map[string]bool{}, buf: make([]byte, 64<<10)}, nil
}

func (w *inotify) add(root string, skip func(name string) bool, files bool) error {
	if w.fd < 0 {
		return errors.New("fswatch: closed")
	}
	w.skip[root] = skip
	w.files[root] = w.files[root] || files
	return w.watchTree(root, root)
}

// watchTree watches dir and the folders below it, as part of root's tree.
func (w *inotify) watchTree(dir, root string) error {
	if !w.files[root] {
		return w.watchFolders(dir, root, dir)
	}
	skip := w.skip[root]
	var first error
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if first == nil && p == dir {
				first = err
			}
			return nil
		}
		if !d.IsDir() {
			if err := w.watch(p, root, fileMask); err != nil && first == nil {
				first = err
			}
			return nil
		}
		if p != dir && skip != nil && skip(d.Name()) {
			return filepath.SkipDir
		}
		if err := w.watch(p, root, mask); err != nil && first == nil {
			first = err
		}
		return nil
	})
	return first
}

// watchFolders watches dir and the folders below it, as part of root's
// tree, where top is the folder the walk started from. A folder is
// watched before its subfolders are known (see subfolders); so a
// subfolder made after that is an event, never a gap. Only the walk's top folder
// failing to be watched is an error, as for filepath.WalkDir: a folder
// below that vanished meanwhile was no longer there to watch.
func (w *inotify) watchFolders(dir, root, top string) error {
	if err := w.watch(dir, root, mask); err != nil {
		if dir == top {
			return err
		}
		return nil
	}
	subs, err := w.subfolders(dir)
	if err != nil {
		if dir == top {
			return &fs.PathError{Op: "open", Path: dir, Err: err}
		}
		return nil
	}
	skip := w.skip[root]
	var first error
	for _, name := range subs {
		if skip != nil && skip(name) {
			continue
		}
		if err := w.watchFolders(filepath.Join(dir, name), root, top); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// subfolders names the folders in dir. A folder with two links has none
// (its own "." and its entry in its parent; each subfolder's ".." adds
// one), and is not read: a standard library's __pycache__ folders hold
// hundreds of entries, which ext4 hashes and sorts to list them, and
// skipping them took a library's watch from 3.4 to 2 ms. A file system
// that does not count a folder's links so (btrfs: 1) has it read.
func (w *inotify) subfolders(dir string) ([]string, error) {
	var st syscall.Stat_t
	if err := syscall.Lstat(dir, &st); err != nil {
		return nil, err
	}
	if st.Nlink == 2 {
		return nil, nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return nil, err
	}
	var subs []string
	for _, e := range entries {
		if e.IsDir() {
			subs = append(subs, e.Name())
		}
	}
	return subs, nil
}

// watch adds a watch on dir, a folder, or with fileMask a file, for root.
func (w *inotify) watch(dir, root string, mask uint32) error {
	wd, err := syscall.InotifyAddWatch(w.fd, dir, mask)
	if err != nil {
		return &fs.PathError{Op: "inotify_add_watch", Path: dir, Err: err}
	}
	at := w.dirs[int32(wd)]
	if at == nil {
		at = &watched{dir: dir}
		w.dirs[int32(wd)] = at
	}
	if !slices.Contains(at.roots, root) {
		at.roots = append(at.roots, root)
	}
	return nil
}

func (w *inotify) drain(note func(root, path string)) (lost func(root string) bool) {
	if w.fd < 0 {
		return func(string) bool { return true }
	}
	overflow := false
	for {
		n, err := syscall.Read(w.fd, w.buf)
		if err == syscall.EINTR {
			continue
		}
		if n <= 0 || err != nil {
			break // EAGAIN: the queue is empty
		}
		for off := 0; off+syscall.SizeofInotifyEvent <= n; {
			ev := (*syscall.InotifyEvent)(unsafe.Pointer(&w.buf[off]))
			name := ""
			if ev.Len > 0 {
				raw := w.buf[off+syscall.SizeofInotifyEvent : off+syscall.SizeofInotifyEvent+int(ev.Len)]
				for i, c := range raw {
					if c == 0 {
						raw = raw[:i]
						break
					}
				}
				name = string(raw)
			}
			off += syscall.SizeofInotifyEvent + int(ev.Len)
			if ev.Mask&syscall.IN_Q_OVERFLOW != 0 {
				overflow = true
				continue
			}
			at, ok := w.dirs[ev.Wd]
			if !ok {
				continue
			}
			if ev.Mask&syscall.IN_IGNORED != 0 {
				delete(w.dirs, ev.Wd) // the folder is gone; its parent said so
				continue
			}
			p := at.dir
			if name != "" {
				p = filepath.Join(at.dir, name)
			}
			for _, root := range at.roots {
				note(root, p)
				if ev.Mask&(syscall.IN_CREATE|syscall.IN_MOVED_TO) == 0 {
					continue
				}
				var err error
				switch {
				case ev.Mask&syscall.IN_ISDIR != 0:
					if skip := w.skip[root]; skip == nil || !skip(name) {
						err = w.watchTree(p, root)
					}
				case w.files[root]:
					err = w.watch(p, root, fileMask)
				}
				if err != nil {
					w.incomplete[root] = true
				}
			}
		}
	}
	return func(root string) bool { return overflow || w.incomplete[root] }
}

func (w *inotify) share() (*os.File, error) {
	if w.fd < 0 {
		return nil, errors.New("fswatch: closed")
	}
	fd, err := unix.FcntlInt(uintptr(w.fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "fcntl", Path: "inotify", Err: err}
	}
	return os.NewFile(uintptr(fd), "inotify"), nil
}

func (w *inotify) release() {
	if w.fd < 0 {
		return
	}
	syscall.Close(w.fd)
	w.fd = -1
}
