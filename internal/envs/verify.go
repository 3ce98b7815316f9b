package envs

import (
	"context"
	"fmt"
)

// A Finding is what Verify found wrong with one environment, and what it
// did about it.
type Finding struct {
	Key     string
	Problem string // "removed bin/python", "no cleanexit-env.json (the build did not finish)"
	Action  string // "rebuilt", "removed", "kept: in use by a running process", or why repairing failed; "" when not repairing
	Failed  bool   // the repair was tried and did not work
}

// Verify checks every environment of the cache the way Ensure does before
// first use (see damage) and returns one Finding per environment that is
// unfinished, stale or damaged. With repair, a damaged environment whose
// spec still names it is built again from the spec in its marker; one that
// can never be used again (an unfinished build, a vanished interpreter, a
// spec whose local sources changed since) is removed. Environments in use
// by a running process are left alone.
func (c *Cache) Verify(ctx context.Context, repair bool) ([]Finding, error) {
	infos, err := c.List()
	if err != nil {
		return nil, err
	}
	var out []Finding
	for _, info := range infos {
		if info.Stale == "" {
			continue
		}
		f := Finding{Key: info.Key, Problem: info.Stale}
		if repair {
			f.Action, f.Failed = c.repair(ctx, info.Key)
		}
		out = append(out, f)
	}
	return out, nil
}

// repair rebuilds or removes the environment of key (see Verify).
func (c *Cache) repair(ctx context.Context, key string) (action string, failed bool) {
	m, err := readMarker(c.envDir(key), key)
	if err == nil && m.Spec.key() == key && damage(c.envDir(key), m) != "" {
		// A Cache of its own, closed at once: this one must not keep a
		// hold on the environment, or removing it below would skip it.
		rebuilder := &Cache{Root: c.Root, environ: c.environ, Getenv: c.Getenv, Installer: c.Installer}
		_, err := rebuilder.Ensure(ctx, m.Spec)
		rebuilder.Close()
		if err == nil {
			return "rebuilt", false
		}
		// An interpreter that is gone or changed cannot rebuild it: the
		// environment can only go.
	}
	ok, err := c.remove(key)
	switch {
	case err != nil:
		return fmt.Sprintf("removing it failed: %v", err), true
	case !ok:
		return "kept: in use by a running process", false
	}
	return "removed", false
}
