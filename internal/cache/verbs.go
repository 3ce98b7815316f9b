package cache

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/envs"
	"github.com/cleanexit/cleanexit/internal/sealed"
)

// environments is the envs.Cache that manages d's environments. Callers
// Close it.
func (d Dir) environments() *envs.Cache { return &envs.Cache{Root: d.Environments()} }

// list describes every environment in the cache (see envs.Cache.List).
func (d Dir) list() ([]envs.EnvInfo, error) {
	c := d.environments()
	defer c.Close()
	return c.List()
}

// sizes is how the bytes of a cache divide.
type sizes struct {
	Environments int   // how many
	EnvBytes     int64 // what they hold
	ExtBytes     int64 // build-ext outputs
	Total        int64 // every regular file under the root, the above included
}

// size measures the cache. Total counts everything in the root, whoever
// wrote it: pip copies, identities, timings, clones, locks, leftovers.
func (d Dir) size() (sizes, error) {
	infos, err := d.list()
	if err != nil {
		return sizes{}, err
	}
	s := sizes{Environments: len(infos), ExtBytes: TreeSize(d.Ext()), Total: TreeSize(string(d))}
	for _, e := range infos {
		s.EnvBytes += e.Size
	}
	return s, nil
}

// pruned is what prune removed.
type pruned struct {
	Envs     []envs.EnvInfo
	ExtFiles int
	ExtBytes int64
	Clones   int
}

// prune removes what has not been used for olderThan: environments (and
// stale or damaged ones at any age, see envs.Cache.Prune), build-ext
// outputs, and bisect clones. Identities and timings are kept: they are
// small, and dropping them only makes the next run slower.
func (d Dir) prune(olderThan time.Duration) (pruned, error) {
	c := d.environments()
	defer c.Close()
	var p pruned
	var errs []error
	var err error
	p.Envs, err = c.Prune(olderThan)
	errs = append(errs, err)
	cutoff := time.Now().Add(-olderThan)
	p.ExtFiles, p.ExtBytes, err = pruneFiles(d.Ext(), cutoff)
	errs = append(errs, err)
	p.Clones, err = pruneFolders(d.BisectClones(), cutoff)
	errs = append(errs, err)
	return p, errors.Join(errs...)
}

// clear empties the cache root, but for environments a running process
// holds or is building (and their locks), which it keeps and says so.
func (d Dir) clear() error {
	c := d.environments()
	err := c.Clear()
	c.Close()
	entries, rerr := os.ReadDir(string(d))
	if errors.Is(rerr, fs.ErrNotExist) {
		return err
	}
	errs := []error{err, rerr}
	keepEnvs := !emptyDir(filepath.Join(string(d), "envs")) || hasFolders(filepath.Join(string(d), "private"))
	for _, e := range entries {
		if keepEnvs && slices.Contains(envsOwned, e.Name()) {
			continue
		}
		errs = append(errs, os.RemoveAll(filepath.Join(string(d), e.Name())))
	}
	return errors.Join(errs...)
}

// verify checks every environment and, with repair, rebuilds or removes the
// damaged ones (see envs.Cache.Verify).
func (d Dir) verify(ctx context.Context, repair bool) ([]envs.Finding, error) {
	c := d.environments()
	defer c.Close()
	return c.Verify(ctx, repair)
}

// verifyInstallers checks pip's and uv's caches against what the last
// build left and, with repair, clears a damaged one (see
// envs.Cache.VerifyInstallerCaches).
func (d Dir) verifyInstallers(ctx context.Context, repair bool) ([]envs.Finding, error) {
	c := d.environments()
	defer c.Close()
	return c.VerifyInstallerCaches(ctx, repair)
}

// A damagedBuild is a build-ext output in the cache whose content is not
// what was stored (see package sealed), and whether it was removed.
type damagedBuild struct {
	name    string
	removed bool
}

// verifyBuilds checks every build-ext output (modules and binding library
// objects) against its seal and, with repair, removes the damaged ones: the
// next build of their key stores them again. It returns how many it
// checked.
func (d Dir) verifyBuilds(repair bool) (checked int, damaged []damagedBuild, err error) {
	entries, err := os.ReadDir(d.Ext())
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil, nil
	} else if err != nil {
		return 0, nil, err
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || strings.HasSuffix(name, sealed.Suffix) || strings.HasSuffix(name, ".lock") || strings.HasSuffix(name, ".tmp") {
			continue
		}
		checked++
		p := filepath.Join(d.Ext(), name)
		if sealed.Verify(p) {
			continue
		}
		db := damagedBuild{name: name}
		if repair {
			db.removed = sealed.Remove(p) == nil
		}
		damaged = append(damaged, db)
	}
	return checked, damaged, nil
}

// verifyShortcuts checks the files that only save work, the interpreter
// identities and the folders' listings, against their seals and, with
// repair, removes the damaged ones: the next run finds out again what they
// said. It returns the names of the damaged ones.
func (d Dir) verifyShortcuts(repair bool) []damagedBuild {
	var damaged []damagedBuild
	for _, name := range []string{"identities.json", "scans.json"} {
		p := filepath.Join(d.Identities(), name)
		if _, err := os.Stat(p); err != nil || sealed.Verify(p) {
			continue
		}
		db := damagedBuild{name: name}
		if repair {
			db.removed = sealed.Remove(p) == nil
		}
		damaged = append(damaged, db)
	}
	return damaged
}

// pruneFiles removes the regular files directly in dir last used before
// cutoff (all of them when cutoff is zero). build-ext marks an output as
// used by touching its seal (sealed.LastUsed), and stores one by renaming
// it into place, so an output is never half there.
func pruneFiles(dir string, cutoff time.Time) (n int, bytes int64, err error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	} else if err != nil {
		return 0, 0, err
	}
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() || (!cutoff.IsZero() && sealed.LastUsed(filepath.Join(dir, e.Name()), fi).After(cutoff)) {
			continue
		}
		// A seal goes with its output (and one whose output is gone
		// goes with its own age).
		if strings.HasSuffix(e.Name(), sealed.Suffix) {
			if _, err := os.Stat(filepath.Join(dir, strings.TrimSuffix(e.Name(), sealed.Suffix))); err != nil {
				os.Remove(filepath.Join(dir, e.Name()))
			}
			continue
		}
		if sealed.Remove(filepath.Join(dir, e.Name())) == nil {
			n++
			bytes += fi.Size()
		}
	}
	return n, bytes, nil
}

// pruneFolders removes the folders directly in dir last modified before
// cutoff; git updates a clone's folder whenever it fetches into it.
func pruneFolders(dir string, cutoff time.Time) (int, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil || !fi.IsDir() || fi.ModTime().After(cutoff) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

// TreeSize adds up the regular files under dir, links not followed; an
// unreadable part, or one removed meanwhile, counts 0: the cache's sizes,
// and what an environment build under way has written (runner's status
// line).
func TreeSize(dir string) int64 {
	var total int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	return total
}

func emptyDir(dir string) bool {
	entries, _ := os.ReadDir(dir)
	return len(entries) == 0
}

func hasFolders(dir string) bool {
	entries, _ := os.ReadDir(dir)
	return slices.ContainsFunc(entries, fs.DirEntry.IsDir)
}
