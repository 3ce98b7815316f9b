package cache

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Dir is a cache root.
type Dir string

// cacheDirName is the folder under the user cache dir that holds everything
// cleanexit caches.
const cacheDirName = "cleanexit"

// Default is $CLEANEXIT_CACHE when set, else <user cache dir>/cleanexit
// (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on
// macOS, %LocalAppData% on Windows), read from getenv (nil: the process's).
func Default(getenv func(string) string) (Dir, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if root := getenv("CLEANEXIT_CACHE"); root != "" {
		abs, err := filepath.Abs(root)
		return Dir(abs), err
	}
	base, err := userCacheDir(getenv)
	if err != nil {
		return "", fmt.Errorf("finding the cache folder: %w (set CLEANEXIT_CACHE to choose one)", err)
	}
	return Dir(filepath.Join(base, cacheDirName)), nil
}

// userCacheDir is os.UserCacheDir reading the given environment rather than
// the process's, so a caller's environment decides where the cache is.
func userCacheDir(getenv func(string) string) (string, error) {
	switch runtime.GOOS {
	case "windows":
		if d := getenv("LocalAppData"); d != "" {
			return d, nil
		}
		return "", errors.New("%LocalAppData% is not set")
	case "darwin", "ios":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Caches"), nil
		}
		return "", errors.New("$HOME is not set")
	default:
		if d := getenv("XDG_CACHE_HOME"); d != "" {
			if !filepath.IsAbs(d) {
				return "", errors.New("$XDG_CACHE_HOME is a relative path")
			}
			return d, nil
		}
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, ".cache"), nil
		}
		return "", errors.New("neither $XDG_CACHE_HOME nor $HOME is set")
	}
}

// Environments is the root internal/envs lays its folders out in (envs/,
// locks/, pip/, private/): the cache root itself.
func (d Dir) Environments() string { return string(d) }

// Ext is the folder of build-ext outputs.
func (d Dir) Ext() string { return filepath.Join(string(d), "ext") }

// Identities is the folder toolchains keeps identities.json and
// scans.json in.
func (d Dir) Identities() string { return string(d) }

// TestTimes is the file of each run's last duration.
func (d Dir) TestTimes() string { return filepath.Join(string(d), "test-times.txt") }

// BisectClones is the folder of the clones `cleanexit bisect` makes.
func (d Dir) BisectClones() string { return filepath.Join(string(d), "bisect") }

// envsOwned are the top-level names internal/envs lays out itself.
var envsOwned = []string{"envs", "locks", "pip", "private"}
