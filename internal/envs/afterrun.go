package envs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// AfterRun checks that a run left the shared environment env as it was
// built. When the run changed it (a file planted, removed or rewritten, or
// the marker rewritten), the environment is discarded, so that no later run
// can see the change: the next Ensure of its key builds it afresh. The
// returned phrase says what changed ("" when nothing did), for the run's
// warnings.
//
// Where the kernel reports changes (see watch.go) and reported none in the
// environment, it costs a stat of the marker and one read. Otherwise it
// costs one walk of the environment's folder (a stat per entry), which is
// why runs that are known to write (a script that runs pip) get a
// [Cache.PrivateCopy] instead and skip this.
func (c *Cache) AfterRun(ctx context.Context, env *Env) (changed string, err error) {
	c.init()
	if changed = c.changedSince(env); changed == "" {
		return "", nil
	}
	return changed, c.discard(ctx, env, changed)
}

// changedSince describes how env's folder differs from what it held when
// env was handed out; "" when it does not.
func (c *Cache) changedSince(env *Env) string {
	switch info, err := os.Stat(filepath.Join(env.Dir, markerName)); {
	case err != nil:
		if _, err := os.Stat(env.Dir); os.IsNotExist(err) {
			return "" // another run found it changed and discarded it
		}
		return "removed " + markerName
	case stampOf(info) != env.marker:
		if m, err := readMarker(env.Dir, env.Key); err == nil && m.BuildID != env.buildID {
			// Discarded and built again since, by another run: what is
			// there now is not what this run had.
			return ""
		}
		return "changed " + markerName
	}
	return c.sealOf(env).Check().String()
}

// discard removes the changed environment env, unless another process has
// already replaced it with a new build. It waits for the build lock (a build
// of the same key finishes first) but not for other users: a run that is
// using the environment right now already had the change in front of it.
func (c *Cache) discard(ctx context.Context, env *Env, changed string) error {
	c.mu.Lock()
	delete(c.warm, env.Key)
	c.mu.Unlock()
	c.forget(env.Dir)
	lock, err := lockFileContext(ctx, c.buildLockPath(env.Key), true)
	if err != nil {
		return err
	}
	defer lock.Close()
	m, err := readMarker(env.Dir, env.Key)
	if err == nil && m.BuildID != env.buildID {
		return nil // already rebuilt by someone else
	}
	if err == nil {
		c.distrustLinkedCache(m, "a run changed it ("+changed+")")
	}
	trash, err := os.MkdirTemp(c.envsDir(), tempPrefix(env.Key))
	if err != nil {
		return fmt.Errorf("envs: discarding changed environment %s: %w", env.Dir, err)
	}
	if err := os.Rename(env.Dir, filepath.Join(trash, "changed")); err != nil && !os.IsNotExist(err) {
		os.RemoveAll(trash)
		return fmt.Errorf("envs: discarding changed environment %s: %w", env.Dir, err)
	}
	return os.RemoveAll(trash)
}
