package fswatch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// listings remembers, across processes, the subfolders of each folder a
// Tree walk read, so that the next walk of an unchanged tree stats its
// folders instead of reading them. A session watches the standard library
// of each interpreter its runs use, about 50 folders and 1,500 entries for
// CPython 3.12; reading them was 2-3.5 ms before the first run could
// start, and half of that again for the corpus watch waiting its turn.
// Stat and watch alone are about a tenth of that.
//
// A folder's listing is used only while the folder is the same file
// (device and inode) with the same change time: making, removing or
// renaming anything in a folder sets its change time, which no program
// can set back. The file is in the cache, where a case can write, so a
// listing must also name every subfolder the kernel counts, each one a
// folder (see allFolders): a forged one can spare a read, never hide a
// folder. Its watch is added before it is checked, so that what is
// made in it after the check is an event. A change time within two
// seconds of the listing being written is not trusted (git's "racily
// clean" index entries): the clock that stamps it is coarser than what
// can happen in a folder meanwhile.
type listings struct {
	path string

	mu      sync.Mutex
	written int64                    // when the file was written, in Unix nanoseconds
	folders map[string]folderListing // as read from the file
	fresh   map[string]folderListing // read or confirmed by this process
	dirty   bool                     // fresh holds something the file does not
}

// folderListing is one folder's subfolders, every one, skipped or not, as
// read when the folder was the file Dev/Ino changed at Ctime.
type folderListing struct {
	Dev   uint64   `json:"dev"`
	Ino   uint64   `json:"ino"`
	Ctime int64    `json:"ctime_ns"`
	Subs  []string `json:"subs"`
}

// listingFile is the file's form.
type listingFile struct {
	Written int64                    `json:"written_ns"`
	Folders map[string]folderListing `json:"folders"`
}

// racyWindow is how close to the file's writing a change time must not be.
const racyWindow = 2 * time.Second

// maxListed bounds the file, which every session reads before its first
// run: a session whose walks took more folders than that keeps the first
// ones it took.
const maxListed = 4096

// loadListings reads path; a missing, unreadable or corrupt file is an
// empty one, rewritten at the next save.
func loadListings(path string) *listings {
	l := &listings{path: path, folders: map[string]folderListing{}, fresh: map[string]folderListing{}}
	b, err := os.ReadFile(path)
	if err != nil {
		return l
	}
	var f listingFile
	if json.Unmarshal(b, &f) != nil || f.Folders == nil {
		return l
	}
	l.written, l.folders = f.Written, f.Folders
	return l
}

// subfolders is dir's listing when it is still good for dir as statted now.
func (l *listings) subfolders(dir string, now folderListing) ([]string, bool) {
	if l == nil {
		return nil, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	old, ok := l.folders[dir]
	if !ok || old.Dev != now.Dev || old.Ino != now.Ino || old.Ctime != now.Ctime || now.Ctime >= l.written-int64(racyWindow) {
		return nil, false
	}
	l.fresh[dir] = old
	return old.Subs, true
}

// record keeps what a walk read of dir.
func (l *listings) record(dir string, read folderListing) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fresh[dir] = read
	l.dirty = true
}

// save writes the folders this process read or confirmed, when it read
// anything the file did not have; the others' are dropped, so that the
// file holds what one session walks, not what every session ever did.
// The file is replaced whole, by a rename: a reader sees the old file or
// the new one, and of two writers the last wins, which costs the other's
// next walk a read, never a wrong listing.
func (l *listings) save() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.dirty {
		return
	}
	f := listingFile{Written: time.Now().UnixNano(), Folders: map[string]folderListing{}}
	for dir, fl := range l.fresh {
		if len(f.Folders) >= maxListed {
			break
		}
		f.Folders[dir] = fl
	}
	b, err := json.Marshal(f)
	if err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(l.path), 0o777) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(l.path), ".listings-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), l.path) != nil {
		os.Remove(tmp.Name())
		return
	}
	// The folders just written are, from now on, the file's.
	l.folders, l.written, l.dirty = f.Folders, f.Written, false
}
