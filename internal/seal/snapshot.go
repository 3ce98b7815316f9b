package seal

import (
	"cmp"
	"crypto/sha256"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// A Snapshot is what a tree held: every file, folder and link by
// slash-separated path below the tree's root. The environments' marker
// stores one, so that a later look can tell, without trusting anything a
// case could rewrite, whether the folder is still the one that was built.
type Snapshot map[string]Entry

// An Entry is the cheap identity of one path: its kind, mode, and for a
// file its size and time (as pip, git and make compare them), for a link
// its target. A folder is compared by kind and mode alone: its time moves
// whenever Python writes a .pyc in it; the time kept is what a cheap check
// compares (see Tree.FullWalkFiles).
type Entry struct {
	Kind    byte   `json:"k"` // 'f' file, 'd' folder, 'l' link, '?' other
	Size    int64  `json:"s,omitempty"`
	ModTime int64  `json:"m,omitempty"` // ns
	Mode    uint32 `json:"p,omitempty"` // permission, setuid, setgid and sticky bits: a chmod moves no time
	Target  string `json:"t,omitempty"`
	hash    [sha256.Size]byte
}

// entryOf is the entry of the path that info describes.
func entryOf(path string, info fs.FileInfo) Entry {
	m := info.Mode()
	e := Entry{Kind: '?', Mode: uint32(m.Perm() | m&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky))}
	switch {
	case m.IsDir():
		e.Kind, e.ModTime = 'd', info.ModTime().UnixNano()
	case m&fs.ModeSymlink != 0:
		e.Kind, e.Target = 'l', readlink(path)
	case m.IsRegular():
		e.Kind, e.Size, e.ModTime = 'f', info.Size(), info.ModTime().UnixNano()
	}
	return e
}

func readlink(path string) string {
	target, _ := os.Readlink(path)
	return target
}

// Scan records the tree at root as t describes it.
func Scan(root string, t Tree) (Snapshot, error) {
	s := Snapshot{}
	if t.Only != nil {
		for _, rel := range t.Only {
			s.restat(root, rel)
		}
		return s, nil
	}
	return s, s.walk(root, root, t)
}

// walk records dir and what is below it, as part of root's tree. What
// cannot be read is left out, and the first such error returned.
func (s Snapshot) walk(root, dir string, t Tree) error {
	var first error
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			first = cmp.Or(first, err)
			return nil
		}
		if path == root {
			return nil
		}
		if d.IsDir() && t.Skip != nil && t.Skip(d.Name()) {
			return filepath.SkipDir
		}
		rel := relative(root, path)
		if slices.Contains(t.Own, rel) {
			return nil
		}
		if info, err := d.Info(); err != nil {
			first = cmp.Or(first, err)
		} else {
			s[rel] = entryOf(path, info)
		}
		return nil
	})
	return first
}

// restat records rel's entry now, or its absence.
func (s Snapshot) restat(root, rel string) {
	path := filepath.Join(root, filepath.FromSlash(rel))
	if info, err := os.Lstat(path); err == nil {
		s[rel] = entryOf(path, info)
	} else {
		delete(s, rel)
	}
}

// relative is path below root, slash-separated.
func relative(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// hashFile hashes the content of path, a file; a link is never followed:
// it may point to a named pipe that an open would wait on forever.
func hashFile(path string, e Entry) [sha256.Size]byte {
	var sum [sha256.Size]byte
	if e.Kind != 'f' {
		return sum // a link is its Target
	}
	f, err := os.Open(path)
	if err != nil {
		return sum
	}
	defer f.Close()
	// Read through a buffer on the stack: io.Copy takes *os.File's
	// WriteTo, which allocates 32 KiB a call (pprof: a third of hashing a
	// 50-case corpus).
	h := sha256.New()
	var buf [8 << 10]byte
	for {
		n, err := f.Read(buf[:])
		h.Write(buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			return sum
		}
	}
	copy(sum[:], h.Sum(nil))
	return sum
}
