package envs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// EnvInfo describes one environment folder of the cache, for
// `cleanexit cache list|size|prune|clear`.
type EnvInfo struct {
	Key           string
	Dir           string
	Python        string   // the base interpreter
	PythonVersion string   // as the caller reported it
	Packages      []string // as requested
	Installed     []string // "name==version"
	Size          int64    // bytes of regular files
	BuiltAt       time.Time
	LastUsed      time.Time // when a process last took it from the cache (see ensure.go, usedStampName)

	// Stale says why the environment can never be used again ("" when it
	// can): no valid marker (an unfinished build), or an interpreter that
	// vanished or changed since the build. Prune removes stale environments
	// whatever their age.
	Stale string
}

// List describes every environment in the cache, sorted by key. It takes no
// locks: what it reports may change under it.
func (c *Cache) List() ([]EnvInfo, error) {
	c.init()
	entries, err := os.ReadDir(c.envsDir())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []EnvInfo
	for _, e := range entries {
		if e.IsDir() && isKey(e.Name()) {
			out = append(out, c.describe(e.Name()))
		}
	}
	slices.SortFunc(out, func(a, b EnvInfo) int { return strings.Compare(a.Key, b.Key) })
	return out, nil
}

// describe reads what the cache knows about the environment of key.
func (c *Cache) describe(key string) EnvInfo {
	dir := c.envDir(key)
	info := EnvInfo{Key: key, Dir: dir, Size: dirSize(dir)}
	if st, err := os.Stat(dir); err == nil {
		info.LastUsed = st.ModTime()
	}
	m, err := readMarker(dir, key)
	if err != nil {
		info.Stale = err.Error()
		return info
	}
	info.Python = m.Spec.Python
	info.PythonVersion = m.Spec.PythonVersion
	info.Packages = m.Spec.Packages
	info.Installed = m.Installed
	info.BuiltAt = m.BuiltAt
	info.LastUsed = m.BuiltAt
	if st, err := os.Stat(filepath.Join(dir, usedStampName)); err == nil && st.ModTime().After(info.LastUsed) {
		info.LastUsed = st.ModTime()
	}
	if d := damage(dir, m); d != "" {
		info.Stale = "damaged: " + d
	}
	return info
}

// Prune removes the environments not used for olderThan, and stale ones
// (EnvInfo.Stale) whatever their age, plus leftovers of interrupted builds.
// It never waits and never removes an environment that a process (this one
// included) holds or is building: those are skipped.
func (c *Cache) Prune(olderThan time.Duration) (removed []EnvInfo, err error) {
	infos, err := c.List()
	if err != nil {
		return nil, err
	}
	cutoff := time.Now().Add(-olderThan)
	var errs []error
	for _, info := range infos {
		if info.Stale == "" && info.LastUsed.After(cutoff) {
			continue
		}
		ok, err := c.remove(info.Key)
		if err != nil {
			errs = append(errs, err)
		}
		if ok {
			removed = append(removed, info)
		}
	}
	errs = append(errs, c.removeLeftovers()...)
	errs = append(errs, c.removePrivateCopies()...)
	return removed, errors.Join(errs...)
}

// Clear removes every environment and pip copy that no process holds. If
// some are held, it removes the rest and says which it kept.
func (c *Cache) Clear() error {
	infos, err := c.List()
	if err != nil {
		return err
	}
	var kept []string
	var errs []error
	for _, info := range infos {
		ok, err := c.remove(info.Key)
		if err != nil {
			errs = append(errs, err)
		}
		if !ok && err == nil {
			kept = append(kept, info.Key)
		}
	}
	errs = append(errs, c.removeLeftovers()...)
	errs = append(errs, c.removePipCopies()...)
	errs = append(errs, c.removePrivateCopies()...)
	// A build that is using a downloaded file holds a link of its own
	// (see downloads.go), so the folder can go at any time; the installers'
	// caches go with their records.
	for _, installer := range []string{installerPip, installerUV} {
		errs = append(errs, c.installerCacheOf(installer).clear())
	}
	if len(kept) > 0 {
		errs = append(errs, fmt.Errorf("kept %d environment(s) in use by a running process: %s",
			len(kept), strings.Join(kept, ", ")))
	}
	return errors.Join(errs...)
}

// remove deletes the environment of key if nobody holds or builds it,
// taking both of its locks without waiting; ok is false when it was held.
func (c *Cache) remove(key string) (ok bool, err error) {
	c.init()
	if heldInProcess(c.useLockPath(key)) {
		return false, nil
	}
	unlockBuild, ok, err := tryLockExclusive(c.buildLockPath(key))
	if err != nil || !ok {
		return false, err
	}
	defer unlockBuild()
	unlockUse, ok, err := tryLockExclusive(c.useLockPath(key))
	if err != nil || !ok {
		return false, err
	}
	defer unlockUse()

	// Renamed first, so that no reader ever sees a half-deleted environment
	// under its key.
	trash := filepath.Join(c.envsDir(), tempPrefix(key)+"removed")
	os.RemoveAll(trash)
	if err := os.Rename(c.envDir(key), trash); err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, fmt.Errorf("removing environment %s: %w", key, err)
	}
	if err := os.RemoveAll(trash); err != nil {
		return true, fmt.Errorf("removing environment %s: %w", key, err)
	}
	// Removed while held: a process waiting on the old file notices (see
	// lockFile) and locks the new one.
	os.Remove(c.useLockPath(key))
	os.Remove(c.buildLockPath(key))
	return true, nil
}

// removeLeftovers deletes build folders whose build is no longer running.
func (c *Cache) removeLeftovers() []error {
	return removeUnlocked(c.envsDir(), func(name string) (string, bool) {
		key, ok := keyOfTemp(name)
		return c.buildLockPath(key), ok
	})
}

// removePipCopies deletes the cached pip copies that no build is using.
func (c *Cache) removePipCopies() []error {
	return removeUnlocked(c.pipRoot(), func(name string) (string, bool) {
		key := name
		if k, ok := keyOfTemp(name); ok {
			key = k
		}
		return c.pipLockPath(key), isKey(key)
	})
}

// removeUnlocked deletes the entries of dir that nobody holds: lockOf
// names the lock that guards an entry (false for an entry to leave
// alone), and an entry whose lock someone holds is in use and stays.
func removeUnlocked(dir string, lockOf func(name string) (lock string, ok bool)) []error {
	entries, _ := os.ReadDir(dir)
	var errs []error
	for _, e := range entries {
		lock, ok := lockOf(e.Name())
		if !ok {
			continue
		}
		unlock, free, err := tryLockExclusive(lock)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !free {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			errs = append(errs, err)
		}
		unlock()
	}
	return errs
}

// removePrivateCopies deletes the private copies (see PrivateCopy) whose
// run is over: their lock is free, so the process that made them is gone.
func (c *Cache) removePrivateCopies() []error {
	entries, _ := os.ReadDir(c.privateRoot())
	var errs []error
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(c.privateRoot(), e.Name())
		unlock, free, err := tryLockExclusive(dir + ".lock")
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !free {
			continue
		}
		if err := os.RemoveAll(dir); err != nil {
			errs = append(errs, err)
		}
		os.Remove(dir + ".lock")
		unlock()
	}
	return errs
}

// dirSize adds up the sizes of the regular files under dir.
func dirSize(dir string) int64 {
	var total int64
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
			}
		}
		return nil
	})
	return total
}
