package toolchains

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// identityCacheName is the file, under Options.CacheDir, that remembers
// interpreter identities between runs.
const identityCacheName = "identities.json"

// identityCacheFormat marks a file as ours: any other content is ignored
// and replaced.
const identityCacheFormat = "cleanexit-identities/1"

// identityCache maps an interpreter's RealPath to what running it said.
//
// An entry holds while the file keeps its size, modification time and
// inode: installing, upgrading or rebuilding an interpreter changes at least
// one of them, while merely reading it changes none. A hit costs the stat
// discovery does anyway, and no process.
type identityCache struct {
	Format  string                   `json:"format"`
	Script  string                   `json:"script"` // identifyScriptHash of the script that produced the entries
	Entries map[string]identityEntry `json:"entries"`
}

// identityEntry is one remembered identification. Err is set instead of
// Interpreter for a file that ran but is not a usable interpreter, so that
// a broken python on PATH costs one process, not one per run.
type identityEntry struct {
	Size        int64        `json:"size"`
	ModTimeNS   int64        `json:"mtime_ns"`
	Dev         uint64       `json:"dev,omitempty"`
	Ino         uint64       `json:"ino,omitempty"`
	Interpreter *Interpreter `json:"interpreter,omitempty"`
	Err         string       `json:"error,omitempty"`
}

// newIdentityEntry records the identification of a file with stat fi.
func newIdentityEntry(fi os.FileInfo, it *Interpreter, identifyErr error) identityEntry {
	e := identityEntry{Size: fi.Size(), ModTimeNS: fi.ModTime().UnixNano(), Interpreter: it}
	if id, ok := fileIdentity(fi); ok {
		e.Dev, e.Ino = id.dev, id.ino
	}
	if identifyErr != nil {
		e.Err = identifyErr.Error()
	}
	return e
}

// matches reports whether the entry still describes the file with stat fi.
func (e identityEntry) matches(fi os.FileInfo) bool {
	if e.Size != fi.Size() || e.ModTimeNS != fi.ModTime().UnixNano() {
		return false
	}
	if id, ok := fileIdentity(fi); ok && (e.Dev != id.dev || e.Ino != id.ino) {
		return false
	}
	return e.Interpreter != nil || e.Err != ""
}

// loadIdentityCache reads dir/identities.json. A missing, unreadable,
// corrupt or foreign file, or one that is not what cleanexit wrote (see
// readSealed), is an empty cache: it is only ever a shortcut.
// Reading needs no lock: writers replace the file by an atomic rename.
func loadIdentityCache(dir string) *identityCache {
	empty := &identityCache{Format: identityCacheFormat, Script: identifyScriptHash, Entries: map[string]identityEntry{}}
	if dir == "" {
		return empty
	}
	data, err := readSealed(filepath.Join(dir, identityCacheName))
	if err != nil {
		return empty
	}
	var c identityCache
	if json.Unmarshal(data, &c) != nil || c.Format != identityCacheFormat || c.Script != identifyScriptHash || c.Entries == nil {
		return empty
	}
	return &c
}

// lookup returns a copy of the entry for the file real with stat fi, if
// the cache holds one that still matches it.
func (c *identityCache) lookup(real string, fi os.FileInfo) (identityEntry, bool) {
	e, ok := c.Entries[real]
	if !ok || !e.matches(fi) {
		return identityEntry{}, false
	}
	// An entry is about the file it is filed under, whatever else the
	// file says.
	if e.Interpreter != nil && (e.Interpreter.RealPath != real || e.Interpreter.Size != e.Size || e.Interpreter.ModTime.UnixNano() != e.ModTimeNS) {
		return identityEntry{}, false
	}
	if e.Interpreter != nil {
		it := *e.Interpreter
		e.Interpreter = &it
	}
	return e, true
}

// saveIdentities adds entries to dir/identities.json. Under a lock it
// re-reads the file, so that concurrent cleanexit processes merge rather
// than overwrite each other's work, drops entries whose file is gone, and
// replaces the file by writing a temporary one and renaming it over.
func saveIdentities(dir string, entries map[string]identityEntry) error {
	if dir == "" || len(entries) == 0 {
		return nil
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("identity cache: %w", err)
	}
	path := filepath.Join(dir, identityCacheName)
	unlock, err := lockedfile.MutexAt(path + ".lock").Lock()
	if err != nil {
		return fmt.Errorf("identity cache: %w", err)
	}
	defer unlock()

	c := loadIdentityCache(dir)
	for real := range c.Entries {
		if _, err := os.Stat(real); errors.Is(err, fs.ErrNotExist) {
			delete(c.Entries, real)
		}
	}
	for real, e := range entries {
		c.Entries[real] = e
	}
	data, err := json.MarshalIndent(c, "", "\t")
	if err != nil {
		return fmt.Errorf("identity cache: %w", err)
	}
	if err := replaceFile(path, data); err != nil {
		return fmt.Errorf("identity cache: %w", err)
	}
	return nil
}
