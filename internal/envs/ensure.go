package envs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// usedStampName is touched the first time a Cache hands an environment out;
// its modification time is the "last used" that Prune ages environments by.
// Touching it once per process (not per Ensure) keeps warm Ensure free of
// writes.
const usedStampName = "cleanexit-used"

// Ensure returns the environment spec needs, building it if the cache does
// not hold a finished one. Concurrent calls for the same key share one build,
// within this process (one flight per key) and across processes (the build
// lock). A warm call costs computing the key and one stat.
func (c *Cache) Ensure(ctx context.Context, spec Spec) (*Env, error) {
	c.init()
	if c.Root == "" {
		return nil, errors.New("envs: Cache.Root is not set")
	}
	if err := spec.check(); err != nil {
		return nil, err
	}
	key := spec.key()
	if env, ok := c.warmHit(key); ok {
		return env, nil
	}
	for {
		env, err, leader := c.flight.do(ctx, key, func() (*Env, error) { return c.ensure(ctx, key, spec) })
		if !leader && isContextError(err) && ctx.Err() == nil {
			continue // the caller that was building gave up; build for ourselves
		}
		if err != nil {
			return nil, err
		}
		out := *env
		out.Installed = slices.Clone(env.Installed)
		out.Warnings = slices.Clone(env.Warnings)
		if !leader {
			out.Built, out.Warnings = false, nil
		}
		return &out, nil
	}
}

// Holds says whether the cache holds a finished environment for spec: one
// stat, for a planner deciding whether a run still needs the package index
// spec names. A damaged one is built again by Ensure, which then says
// whether it was the index that failed.
func (c *Cache) Holds(spec Spec) bool {
	if c.Root == "" || spec.check() != nil {
		return false
	}
	_, err := os.Stat(filepath.Join(c.envDir(spec.key()), markerName))
	return err == nil
}

func isContextError(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// check rejects specs that cannot name an environment.
func (s Spec) check() error {
	switch {
	case s.Python == "":
		return errors.New("envs: spec names no interpreter")
	case !filepath.IsAbs(s.Python):
		return fmt.Errorf("envs: interpreter path %q is not absolute", s.Python)
	case s.PythonKey == "":
		return fmt.Errorf("envs: no identity (PythonKey) for interpreter %s", s.Python)
	}
	for _, p := range s.Packages {
		if strings.ContainsAny(p, "\r\n") {
			return fmt.Errorf("envs: requirement %q spans several lines", p)
		}
	}
	if major, _, ok := majorMinor(s.PythonVersion); ok && major < 3 {
		return fmt.Errorf("envs: Python %s has no venv module; environments need Python 3", s.PythonVersion)
	}
	return nil
}

// majorMinor parses the start of a version such as "3.12.1".
func majorMinor(v string) (major, minor int, ok bool) {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' }))
	return major, minor, err1 == nil && err2 == nil
}

// warmHit returns the environment for key if this Cache already validated it
// and its marker has not changed since: one stat.
func (c *Cache) warmHit(key string) (*Env, bool) {
	c.mu.Lock()
	entry, ok := c.warm[key]
	c.mu.Unlock()
	if !ok {
		return nil, false
	}
	info, err := os.Stat(filepath.Join(entry.env.Dir, markerName))
	if err != nil || stampOf(info) != stampOf(entry.marker) {
		c.mu.Lock()
		delete(c.warm, key)
		c.mu.Unlock()
		return nil, false
	}
	env := entry.env
	env.Installed = slices.Clone(env.Installed)
	return &env, true
}

// ensure is one Ensure for key, run by the flight's leader.
func (c *Cache) ensure(ctx context.Context, key string, spec Spec) (*Env, error) {
	dir := c.envDir(key)
	// The use lock first: once held, Prune and Clear leave the environment
	// alone, so what is checked below stays true.
	if err := c.holdInUse(ctx, key); err != nil {
		return nil, err
	}
	if env, _ := c.adopt(key, dir); env != nil {
		return env, nil
	}

	lock, err := lockFileContext(ctx, c.buildLockPath(key), true)
	if err != nil {
		return nil, err
	}
	defer lock.Close()
	env, damaged := c.adopt(key, dir) // another process may have built it while we waited
	if env != nil {
		return env, nil
	}
	if _, err := os.Stat(spec.Python); err != nil {
		return nil, fmt.Errorf("envs: interpreter %s: %w", spec.Python, err)
	}
	m, err := c.build(ctx, key, spec)
	if err != nil {
		return nil, err
	}
	env, _ = c.adopt(key, dir)
	if env == nil {
		return nil, fmt.Errorf("envs: environment %s vanished right after it was built", dir)
	}
	env.Built = true
	env.Rebuilt = damaged
	env.Warnings = m.Warnings
	return env, nil
}

// holdInUse takes this Cache's reference to the use lock of key, once.
func (c *Cache) holdInUse(ctx context.Context, key string) error {
	c.mu.Lock()
	held := c.held[key]
	c.mu.Unlock()
	if held {
		return nil
	}
	if err := acquireInUse(ctx, c.useLockPath(key)); err != nil {
		return fmt.Errorf("envs: locking environment %s: %w", key, err)
	}
	c.mu.Lock()
	c.held[key] = true
	c.mu.Unlock()
	return nil
}

// adopt validates the environment in dir and, if it is finished and
// undamaged (see damage), remembers it for warm hits and stamps it as used.
// When a finished environment is damaged, damaged says how, and the caller
// builds it again.
func (c *Cache) adopt(key, dir string) (env *Env, damaged string) {
	m, err := readMarker(dir, key)
	if err != nil {
		return nil, ""
	}
	info, err := os.Stat(filepath.Join(dir, markerName))
	if err != nil {
		return nil, ""
	}
	if d := damage(dir, m); d != "" {
		c.distrustLinkedCache(m, "found damaged before use ("+d+")")
		return nil, d
	}
	touch(filepath.Join(dir, usedStampName))
	c.sealEnv(dir, m.Files)
	e := newEnv(key, dir, m)
	e.marker = stampOf(info)
	c.mu.Lock()
	c.warm[key] = warmEntry{env: e, marker: info}
	c.mu.Unlock()
	return &e, ""
}

// touch sets path's modification time to now, creating it if needed. A
// failure only makes the environment look older to Prune.
func touch(path string) {
	now := time.Now()
	if err := os.Chtimes(path, now, now); errors.Is(err, os.ErrNotExist) {
		if f, err := os.Create(path); err == nil {
			f.Close()
		}
	}
}
