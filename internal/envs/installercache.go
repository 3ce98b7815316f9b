package envs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/cleanexit/cleanexit/internal/atomicfile"
	"github.com/cleanexit/cleanexit/internal/filestamp"
	"github.com/cleanexit/cleanexit/internal/sealed"
	"github.com/rogpeppe/go-internal/lockedfile"
)

// pip and uv keep what they download and build in a cache of their own and
// install it again in later environments without checking it: pip the
// wheel it built from a source distribution, uv the unpacked wheels its
// environments are linked from. A case that rewrites a file there chooses
// what every later environment installs. So cleanexit gives each installer
// a cache inside its own (Root/installers/pip, Root/installers/uv, with
// Root/installers/uv-bytecode beside it, see bytecode.go; the user's
// ~/.cache/pip and ~/.cache/uv are neither read nor written) and
// seals it: after the builds that use it, the stamp of every file in it
// (device, inode, size, write time) is recorded, and before a build uses
// it again the folder is compared with that record. A file planted,
// changed or removed since makes the whole folder go, with a warning, and
// the installer fetches or builds again what it needs: a case cannot make
// a later build trust it.
//
// The record leaves out change times: a hard link made or removed (uv's
// environments, the download folder's links) moves them without a write.
// Builds run side by side share one record, taken when the last ends; a
// case that writes while a build runs beside it (-j above 1) is not seen,
// the limit the threat model names for every run beside another.

// An installerCache is one sealed folder set: the folders the installer
// writes and the record beside them.
type installerCache struct {
	name    string   // "pip" or "uv", for messages
	root    string   // the cleanexit cache; the record names paths below it
	folders []string // what the record covers
	record  string   // the record's path
	lock    string   // the lock file that one process at a time holds while using the folders

	// distrusted, when it exists, says why the folders are not to be
	// trusted whatever the record says (see distrustLinkedCache).
	distrusted string
}

// installersDir holds the installers' caches and their records.
func (c *Cache) installersDir() string { return filepath.Join(c.Root, "installers") }

// pipCacheDir is pip's --cache-dir; uvCacheDir is uv's.
func (c *Cache) pipCacheDir() string { return filepath.Join(c.installersDir(), "pip") }
func (c *Cache) uvCacheDir() string  { return filepath.Join(c.installersDir(), "uv") }

// installerCacheOf is the sealed cache of installer: pip's covers the
// download folder too, which only pip builds fill (see downloads.go).
func (c *Cache) installerCacheOf(installer string) installerCache {
	ic := installerCache{
		name:       installer,
		root:       c.Root,
		record:     filepath.Join(c.installersDir(), installer+".record"),
		lock:       filepath.Join(c.installersDir(), installer+".lock"),
		distrusted: filepath.Join(c.installersDir(), installer+".distrusted"),
	}
	if installer == installerUV {
		ic.folders = []string{c.uvCacheDir(), c.uvBytecodeDir()}
	} else {
		ic.folders = []string{c.pipCacheDir(), c.downloadsDir()}
	}
	return ic
}

// A fileRecord is the cheap identity of one file of an installer's cache.
type fileRecord struct {
	Dev     uint64 `json:"d"`
	Ino     uint64 `json:"i"`
	Size    int64  `json:"s"`
	ModTime int64  `json:"m"` // ns
	Link    string `json:"l,omitempty"`
}

// scan records every file and link under the folders, by slash-separated
// path below the cleanexit cache (which may be moved, or linked file by
// file into another, as the benchmark does).
func (ic installerCache) scan() (map[string]fileRecord, error) {
	files := map[string]fileRecord{}
	for _, root := range ic.folders {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) && path == root {
					return nil
				}
				return err
			}
			if d.IsDir() {
				return nil
			}
			info, err := d.Info()
			if errors.Is(err, fs.ErrNotExist) {
				return nil // gone while we walked: seen as missing, if recorded
			} else if err != nil {
				return err
			}
			var r fileRecord
			if info.Mode()&fs.ModeSymlink != 0 {
				// A link is what it points at (uv's wheels-v*/… name an
				// unpacked wheel so), whichever inode holds that.
				r.Link = readlinkOrEmpty(path)
			} else {
				r.Size, r.ModTime = info.Size(), info.ModTime().UnixNano()
				if st, ok := filestamp.Of(info); ok {
					r.Dev, r.Ino = st.Dev, st.Ino
				}
			}
			rel, err := filepath.Rel(ic.root, path)
			if err != nil {
				return err
			}
			files[filepath.ToSlash(rel)] = r
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

func readlinkOrEmpty(path string) string {
	t, _ := os.Readlink(path)
	return t
}

// save records the folders as they are now.
func (ic installerCache) save() error {
	files, err := ic.scan()
	if err != nil {
		return err
	}
	data, err := json.Marshal(files)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(ic.record), 0o777); err != nil {
		return err
	}
	if err := atomicfile.Write(ic.record, data, 0o666); err != nil {
		return err
	}
	return sealed.Seal(ic.record)
}

// damage compares the folders with their record and says what is wrong,
// naming one path: "" when they are what the last build left.
func (ic installerCache) damage() (string, error) {
	if why, err := os.ReadFile(ic.distrusted); err == nil {
		return string(why), nil
	}
	now, err := ic.scan()
	if err != nil {
		return "", err
	}
	data, intact, err := sealed.ReadIntact(ic.record)
	if errors.Is(err, fs.ErrNotExist) {
		if len(now) == 0 {
			return "", nil
		}
		return fmt.Sprintf("%s is there, and no record of it", slices.Sorted(maps.Keys(now))[0]), nil
	} else if err != nil {
		// Unreadable (a case put a folder there, say): not what cleanexit
		// wrote, and no reason to fail every build until someone clears it.
		return "its record cannot be read: " + err.Error(), nil
	}
	var was map[string]fileRecord
	if !intact || json.Unmarshal(data, &was) != nil {
		return "its record is not what cleanexit wrote", nil
	}
	for _, p := range slices.Sorted(maps.Keys(was)) {
		r, ok := now[p]
		switch {
		case !ok:
			return fmt.Sprintf("%s was removed", p), nil
		case r != was[p]:
			return fmt.Sprintf("%s changed", p), nil
		}
	}
	for _, p := range slices.Sorted(maps.Keys(now)) {
		if _, ok := was[p]; !ok {
			return fmt.Sprintf("%s was added", p), nil
		}
	}
	return "", nil
}

// clear removes the folders and their record.
func (ic installerCache) clear() error {
	var errs []error
	for _, p := range append(slices.Clip(ic.folders), ic.record, ic.distrusted) {
		errs = append(errs, os.RemoveAll(p))
	}
	if err := sealed.Remove(ic.record); !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// verify finds what damage says and, with repair, clears the folders. It
// returns the problem, "" when there is none.
func (ic installerCache) verify(repair bool) (problem string, err error) {
	problem, err = ic.damage()
	if err != nil || problem == "" || !repair {
		return problem, err
	}
	return problem, ic.clear()
}

// installerUse is the process's hold on one installer cache: the builds
// using it now, and the lock file that keeps other processes out meanwhile.
type installerUse struct {
	mu    sync.Mutex
	users int
	lock  *lockedfile.File
}

// useOf is the process's installerUse of the cache whose record is at path.
func useOf(record string) *installerUse {
	installerUses.Lock()
	defer installerUses.Unlock()
	u := installerUses.m[record]
	if u == nil {
		u = &installerUse{}
		installerUses.m[record] = u
	}
	return u
}

// distrustLinkedCache is called when the environment of marker m is found
// changed (how says what changed). uv hard-links an environment's files
// from its cache, so an in-place write to one, even one that sets the
// file's time back where the record cannot see it, is a write to uv's
// cached copy: uv's cache is marked untrusted, and the next uv build
// clears it. pip copies what it installs: a pip environment's change
// stays in it.
func (c *Cache) distrustLinkedCache(m *marker, how string) {
	if m.Installer != installerUV {
		return
	}
	ic := c.installerCacheOf(installerUV)
	os.MkdirAll(filepath.Dir(ic.distrusted), 0o777)
	atomicfile.Write(ic.distrusted, []byte(fmt.Sprintf("environment %s, linked from it: %s", m.Key, how)), 0o666)
}

// installerUses has one installerUse per record path, whatever Cache asks.
var installerUses = struct {
	sync.Mutex
	m map[string]*installerUse
}{m: map[string]*installerUse{}}

// useInstallerCache holds installer's cache for one build. The first build
// of a group checks the folders against their record (clearing them, and
// saying so in warning, when a case changed them); the last one records
// what the group left.
func (c *Cache) useInstallerCache(ctx context.Context, installer string) (release func(), warning string, err error) {
	ic := c.installerCacheOf(installer)
	u := useOf(ic.record)
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.users == 0 {
		lock, err := lockFileContext(ctx, ic.lock, true)
		if err != nil {
			return nil, "", err
		}
		problem, err := ic.verify(true)
		if err != nil {
			lock.Close()
			return nil, "", fmt.Errorf("envs: checking %s's cache %s: %w", ic.name, ic.folders[0], err)
		}
		if problem != "" {
			warning = fmt.Sprintf("%s's cache %s changed since cleanexit's last build (%s): cleared", ic.name, ic.folders[0], problem)
		}
		u.lock = lock
	}
	u.users++
	return func() {
		u.mu.Lock()
		defer u.mu.Unlock()
		if u.users--; u.users > 0 {
			return
		}
		// A record that cannot be written leaves the old one, which the
		// next build then finds the folders do not match: they are
		// cleared, never trusted.
		ic.save()
		u.lock.Close()
		u.lock = nil
	}, warning, nil
}

// VerifyInstallerCaches checks pip's and uv's caches against their records
// (see useInstallerCache) and, with repair, clears a damaged one. It
// returns one Finding per damaged cache, keyed by its folder below Root.
func (c *Cache) VerifyInstallerCaches(ctx context.Context, repair bool) ([]Finding, error) {
	var out []Finding
	for _, installer := range []string{installerPip, installerUV} {
		ic := c.installerCacheOf(installer)
		lock, err := lockFileContext(ctx, ic.lock, true)
		if err != nil {
			return out, err
		}
		problem, err := ic.verify(repair)
		lock.Close()
		if err != nil {
			return out, err
		}
		if problem == "" {
			continue
		}
		rel, _ := filepath.Rel(c.Root, ic.folders[0])
		f := Finding{Key: filepath.ToSlash(rel), Problem: problem + " since cleanexit's last build"}
		if repair {
			f.Action = "cleared; the installer fetches again what the next build needs"
		}
		out = append(out, f)
	}
	return out, nil
}
