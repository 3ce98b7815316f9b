package toolchains

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cleanexit/cleanexit/internal/filestamp"
)

// scanCacheName is the file, beside identities.json, that remembers the
// interpreter-named entries of the folders discovery lists. Listing them
// was most of a warm Discover, which in a small session is the longest
// step before the first run (2.4-4.5 ms in a fresh process): /usr/bin
// alone holds over a thousand entries, and pyenv adds a folder a version.
const scanCacheName = "scans.json"

// scanCacheFormat marks a file as ours: any other content is ignored and
// replaced. Change it when what listDir keeps changes other than by
// interpreterNamePattern, which the file names itself (see listingRules).
const scanCacheFormat = "cleanexit-scans/1"

// scanRacyWindow is how recently a folder may have changed and still be
// remembered. A folder's times are kept to a clock tick (4 ms here; 2 s
// on FAT): one changed again within the tick of its listing would show
// the same times with other entries. A variable for tests.
var scanRacyWindow = 2 * time.Second

// A scanCache is what the last Discover listed, folder by folder. A
// folder's entries hold while it is the same folder (device and inode)
// with the same modification and change times: making, removing or
// renaming an entry changes both, and nothing can set the change time
// back. The file also names the rules the names were chosen by (see
// listingRules), so that a cleanexit whose idea of an interpreter's name
// differs lists again: names it would add would otherwise stay hidden.
type scanCache struct {
	Format  string                `json:"format"`
	Rules   string                `json:"rules"`
	Folders map[string]scannedDir `json:"folders"`

	path    string                // the file; "" keeps nothing
	goos    string                // whose interpreter names the listings hold
	now     map[string]scannedDir // what this Discover listed, to be saved
	changed bool                  // a folder was listed that the file did not hold as it is
}

// A scannedDir is one folder as listed: its identity and times, and its
// interpreter-named entries that are not folders, in scanDir's order.
type scannedDir struct {
	Dev     uint64   `json:"dev"`
	Ino     uint64   `json:"ino"`
	MtimeNS int64    `json:"mtime_ns"`
	CtimeNS int64    `json:"ctime_ns"`
	Names   []string `json:"names"`
}

// dirsListed counts the folders discovery read, for tests.
var dirsListed atomic.Int64

// loadScanCache reads dir/scans.json. A missing, unreadable, corrupt or
// foreign file, or one written under other rules, is an empty cache: it
// is only ever a shortcut. With dir "", or where the folders' change
// times cannot be known, nothing is kept.
func loadScanCache(dir, goos string) *scanCache {
	c := &scanCache{Format: scanCacheFormat, Rules: listingRules(goos), Folders: map[string]scannedDir{}, now: map[string]scannedDir{}, goos: goos}
	if dir == "" {
		return c
	}
	c.path = filepath.Join(dir, scanCacheName)
	data, err := readSealed(c.path)
	if err != nil {
		return c
	}
	var f scanCache
	if json.Unmarshal(data, &f) != nil || f.Format != scanCacheFormat || f.Rules != c.Rules || f.Folders == nil {
		return c
	}
	c.Folders = f.Folders
	return c
}

// listingRules names what chose a listing's names: the interpreter-name
// pattern and the operating system it is matched for (Windows adds .exe).
// Not the executable: go test links its binary anew each time, and
// `go test ./corpus/...` is how most sessions start.
func listingRules(goos string) string {
	return goos + " " + interpreterNamePattern
}

// state is folder fi as the cache records it; false where its identity or
// change time is unknown.
func (c *scanCache) state(fi os.FileInfo) (scannedDir, bool) {
	if c == nil || c.path == "" {
		return scannedDir{}, false
	}
	id, ok := fileIdentity(fi)
	if !ok {
		return scannedDir{}, false
	}
	st, ok := filestamp.Of(fi)
	if !ok {
		return scannedDir{}, false
	}
	return scannedDir{Dev: id.dev, Ino: id.ino, MtimeNS: fi.ModTime().UnixNano(), CtimeNS: st.CtimeNS}, true
}

// lookup returns the names remembered for dir, stat'ed as fi, if they still
// hold.
func (c *scanCache) lookup(dir string, fi os.FileInfo) ([]string, bool) {
	now, ok := c.state(fi)
	if !ok {
		return nil, false
	}
	was, ok := c.Folders[dir]
	if !ok || was.Dev != now.Dev || was.Ino != now.Ino || was.MtimeNS != now.MtimeNS || was.CtimeNS != now.CtimeNS {
		return nil, false
	}
	// The file is in the cache, where a run that is not sandboxed can
	// write, as it can identities.json. A name a listing would not have
	// kept would have discovery run that file: such a listing is read
	// again. (One that leaves an interpreter out hides it, as a forged
	// identity can; under --sandbox the cache is not writable.)
	for _, name := range was.Names {
		if strings.ContainsRune(name, '/') || !isInterpreterName(name, c.goos) {
			return nil, false
		}
	}
	c.now[dir] = was
	return was.Names, true
}

// record keeps names as dir's, stat'ed as fi before it was read, unless
// the folder changed too recently to be told apart from a later change.
func (c *scanCache) record(dir string, fi os.FileInfo, names []string) {
	st, ok := c.state(fi)
	if !ok {
		return
	}
	racy := time.Now().Add(-scanRacyWindow).UnixNano()
	if st.CtimeNS >= racy || st.MtimeNS >= racy {
		return
	}
	st.Names = names
	c.now[dir] = st
	c.changed = true
}

// save replaces the file with what this Discover listed, when that
// differs from what the file held: a session that changed nothing writes
// nothing. The file holds one Discover's folders, so that folders no
// longer searched fall out. It is written to a temporary file and renamed
// over, so a reader sees one whole file or the other.
func (c *scanCache) save() error {
	if c == nil || !c.changed || c.path == "" {
		return nil
	}
	data, err := json.Marshal(scanCache{Format: c.Format, Rules: c.Rules, Folders: c.now})
	if err != nil {
		return fmt.Errorf("scan cache: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o777); err != nil {
		return fmt.Errorf("scan cache: %w", err)
	}
	if err := replaceFile(c.path, data); err != nil {
		return fmt.Errorf("scan cache: %w", err)
	}
	return nil
}
