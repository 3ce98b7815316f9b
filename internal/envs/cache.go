package envs

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/internal/seal"
)

// Cache provisions environments under Root. The zero value of every field
// but Root is usable. A Cache may be used by many goroutines at once; call
// Close when done with the environments it returned.
type Cache struct {
	Root      string              // the cleanexit cache root; envs live in Root/envs/<key>
	Getenv    func(string) string // caller's environment, for PIP_*/UV_* config and PATH; default: a lookup in environ
	Installer string              // "auto" (uv if on PATH else pip), "pip", "uv"

	// InstallTimeout bounds each venv and installer command of a build (see
	// installtimeout.go); 0: CLEANEXIT_INSTALL_TIMEOUT, else 30 minutes.
	InstallTimeout time.Duration

	// environ is the caller's whole environment, which the installer
	// children inherit after the filtering described in childenv.go; nil
	// means os.Environ(). A Getenv func alone cannot be enumerated, hence
	// this field.
	environ []string

	// Watcher, when set, is the one the Cache gives the environments it
	// hands out to (see watch.go), so that a session pays for one kernel
	// watcher; nil: the Cache makes its own. The caller closes it.
	Watcher *fswatch.Watcher

	once   sync.Once
	flight flight

	mu   sync.Mutex
	warm map[string]warmEntry // key -> environment already checked by this Cache
	held map[string]bool      // key -> this Cache holds a reference to the use lock

	building map[string]*Building // key -> its build under way (see Building)

	envSeals envSeals // the seals on the environments handed out

	// beforeCommit, when set, runs after the installer and before the
	// environment is moved into place; tests use it to interrupt a build.
	beforeCommit func()
}

// warmEntry remembers an environment this Cache has already validated, with
// the marker's stat, so that a repeated Ensure costs one stat.
type warmEntry struct {
	env    Env
	marker os.FileInfo
}

// Env is a ready virtual environment.
type Env struct {
	Key       string
	Dir       string   // the venv
	Python    string   // Dir/bin/python (Scripts\python.exe on windows)
	BinDir    string   // Dir/bin (Scripts on windows)
	Installed []string // "name==version", sorted, from the marker
	Warnings  []string // problems with the user's settings noticed while building; empty when not built now
	Built     bool     // false when it was already in the cache
	BuildTime time.Duration

	// Rebuilt says why the environment that was in the cache under this
	// key was thrown away and built again ("removed bin/python"); "" when
	// it was not.
	Rebuilt string

	files   seal.Snapshot // what Dir held when it was built
	buildID string        // the marker's, to tell this build from a later one
	marker  fileStamp     // the marker file's, to notice a rewritten marker
}

func (c *Cache) init() {
	c.once.Do(func() {
		if c.environ == nil {
			c.environ = os.Environ()
		}
		if c.Getenv == nil {
			env := c.environ
			c.Getenv = func(name string) string { return lookupEnv(env, name) }
		}
		c.warm = map[string]warmEntry{}
		c.held = map[string]bool{}
	})
}

// Close releases the in-use locks this Cache holds on the environments it
// returned, so that Prune and Clear (here or in another process) may remove
// them. Environments stay on disk. Exiting the process releases them too.
func (c *Cache) Close() error {
	c.init()
	c.mu.Lock()
	defer c.mu.Unlock()
	for key := range c.held {
		releaseInUse(c.useLockPath(key))
	}
	clear(c.held)
	clear(c.warm)
	c.closeWatch()
	return nil
}

// Layout of Root:
//
//	envs/<key>/                 a finished environment (venv + cleanexit-env.json)
//	envs/.tmp-<key>-<random>/   a build in progress (or one that was interrupted)
//	locks/env-<key>.build       held while envs/<key> is built or removed
//	locks/env-<key>.use         held shared by each process using envs/<key>
//	pip/<pip-key>/pip           a private copy of a base interpreter's pip
//	locks/pip-<pip-key>.lock    held while that copy is made or removed
//	private/<key>-<random>/     one run's own copy of envs/<key> (see PrivateCopy)
//	private/<key>-<random>.lock held while that run goes on
func (c *Cache) envsDir() string          { return filepath.Join(c.Root, "envs") }
func (c *Cache) envDir(key string) string { return filepath.Join(c.envsDir(), key) }
func (c *Cache) locksDir() string         { return filepath.Join(c.Root, "locks") }
func (c *Cache) pipRoot() string          { return filepath.Join(c.Root, "pip") }
func (c *Cache) privateRoot() string      { return filepath.Join(c.Root, "private") }
func (c *Cache) buildLockPath(key string) string {
	return filepath.Join(c.locksDir(), "env-"+key+".build")
}
func (c *Cache) useLockPath(key string) string {
	return filepath.Join(c.locksDir(), "env-"+key+".use")
}
func (c *Cache) pipLockPath(pipKey string) string {
	return filepath.Join(c.locksDir(), "pip-"+pipKey+".lock")
}

// tempPrefix starts the name of a build folder for key; the key in the name
// lets Prune tell which lock guards a leftover build.
func tempPrefix(key string) string { return ".tmp-" + key + "-" }

// keyOfTemp returns the key a build folder belongs to.
func keyOfTemp(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, ".tmp-")
	if !ok || len(rest) < keyHexLen+1 || rest[keyHexLen] != '-' {
		return "", false
	}
	return rest[:keyHexLen], true
}

// isKey reports whether name looks like an environment key (so stray files
// in envs/ are never taken for environments).
func isKey(name string) bool {
	if len(name) != keyHexLen {
		return false
	}
	for _, r := range name {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}

// venvPython is the interpreter inside a venv.
func venvPython(dir string) string {
	if runtime.GOOS == "windows" {
		return filepath.Join(dir, "Scripts", "python.exe")
	}
	return filepath.Join(dir, "bin", "python")
}

// venvBin is the folder of a venv's executables.
func venvBin(dir string) string {
	if runtime.GOOS == "windows" {
		return filepath.Join(dir, "Scripts")
	}
	return filepath.Join(dir, "bin")
}

func newEnv(key, dir string, m *marker) Env {
	return Env{
		files:     m.Files,
		buildID:   m.BuildID,
		Key:       key,
		Dir:       dir,
		Python:    venvPython(dir),
		BinDir:    venvBin(dir),
		Installed: m.Installed,
		BuildTime: time.Duration(m.BuildNanos),
	}
}
