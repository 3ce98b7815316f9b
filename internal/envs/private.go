package envs

import (
	"fmt"
	"os"
)

// PrivateCopy returns a copy of env that one run may change at will (a
// script that runs `pip install`), and a func that removes it. The cached
// environment is never written.
//
// The copy is a real one, file by file, not a hardlink clone: a hardlinked
// file shares its inode with the cached one, and pip rewrites some files in
// place (a console script, a namespace package's __init__.py), which would
// reach the cache. On Linux, io.Copy between two files is copy_file_range(2),
// which filesystems with reflinks (btrfs, XFS) turn into a clone, so there
// the copy costs little more than a hardlink clone. Modification times are
// kept, so the compiled .pyc files stay valid.
//
// Copies live in Root/private/<key>-<random>, each with a lock file held
// while the run uses it, so that Prune and Clear remove only those whose
// process is gone.
func (c *Cache) PrivateCopy(env *Env) (*Env, func(), error) {
	c.init()
	if err := os.MkdirAll(c.privateRoot(), 0o777); err != nil {
		return nil, nil, err
	}
	dir, err := os.MkdirTemp(c.privateRoot(), env.Key+"-")
	if err != nil {
		return nil, nil, err
	}
	unlock, _, err := tryLockExclusive(dir + ".lock")
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, err
	}
	drop := func() {
		os.RemoveAll(dir)
		os.Remove(dir + ".lock")
		unlock()
	}
	if err := copyTree(env.Dir, dir, copyFiles); err != nil {
		drop()
		return nil, nil, fmt.Errorf("envs: copying environment %s for a run that changes it: %w", env.Key, err)
	}
	if err := relocate(dir, env.Dir, dir); err != nil {
		drop()
		return nil, nil, fmt.Errorf("envs: copying environment %s: %w", env.Key, err)
	}
	out := *env
	out.Dir, out.Python, out.BinDir = dir, venvPython(dir), venvBin(dir)
	return &out, drop, nil
}
