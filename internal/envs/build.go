package envs

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/procgroup"
)

// Installer names.
const (
	installerPip = "pip"
	installerUV  = "uv"
)

// waitDelay bounds how long a killed installer's children may keep its
// output pipes open before the build gives up on them.
const waitDelay = 5 * time.Second

// build creates the environment for key (the caller holds its build lock)
// and returns its marker. The environment is assembled in
// envs/.tmp-<key>-<random>/venv and renamed to envs/<key> only after the
// installer succeeded and the marker was written; until then the final path
// is untouched, and on any error or cancellation the temporary folder goes.
func (c *Cache) build(ctx context.Context, key string, spec Spec) (*marker, error) {
	start := time.Now()
	envsDir := c.envsDir()
	if err := os.MkdirAll(envsDir, 0o777); err != nil {
		return nil, err
	}
	c.removeLeftoverBuilds(key)
	tmp, err := os.MkdirTemp(envsDir, tempPrefix(key))
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	defer c.track(key, tmp)()

	a := &assembly{key: key, spec: spec, tmp: tmp, venv: filepath.Join(tmp, "venv")}
	if a.installer, a.uv, err = c.chooseInstaller(spec); err != nil {
		return nil, err
	}
	var warnings []string
	a.environ, warnings = c.installerEnviron(a.installer, spec.Index.Env)
	var cacheWarning string
	if a.installer == installerUV || len(spec.Packages) > 0 {
		var release func()
		if release, cacheWarning, err = c.useInstallerCache(ctx, a.installer); err != nil {
			return nil, err
		}
		defer release()
	}
	m := &marker{Format: markerFormat, Key: key, Spec: spec}
	if err := c.createVenv(ctx, a, m); err != nil {
		return nil, err
	}
	if len(spec.Packages) == 0 {
		warnings = nil // no installer ran, so nothing read the user's settings
	} else {
		w, err := c.installPackages(ctx, a, m)
		if err != nil {
			return nil, err
		}
		warnings = append(w, warnings...)
	}
	if cacheWarning != "" {
		warnings = append(warnings, cacheWarning)
	}

	installed, err := installedDistributions(a.venv)
	if err != nil {
		return nil, fmt.Errorf("envs: reading what was installed in %s: %w", a.venv, err)
	}
	if c.beforeCommit != nil {
		c.beforeCommit()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := relocate(a.venv, a.venv, c.envDir(key)); err != nil {
		return nil, fmt.Errorf("envs: moving %s into place: %w", a.venv, err)
	}
	if info, err := os.Stat(spec.Python); err == nil {
		m.Python = stampOf(info)
	}
	m.Installed = installed
	m.Warnings = warnings
	m.BuiltAt = time.Now().UTC()
	m.BuildNanos = int64(time.Since(start))
	m.BuildID = randomID()
	if err := c.moveIntoPlace(a, m); err != nil {
		return nil, err
	}
	return m, nil
}

// An assembly is one environment being built: what every step of build
// shares.
type assembly struct {
	key       string
	spec      Spec
	tmp, venv string   // the build's temporary folder, and the venv inside it
	installer string   // installerPip or installerUV
	uv        string   // uv's path, when installer is uv
	environ   []string // the installers' environment
	fetched   string   // the folder pip downloaded into, when it did (see downloads.go)
}

// createVenv creates the virtual environment: with the interpreter's venv
// module for pip, laid out by cleanexit for uv (venvfiles.go).
func (c *Cache) createVenv(ctx context.Context, a *assembly, m *marker) error {
	if a.installer == installerUV {
		return writeVenv(a.spec, a.venv)
	}
	create := venvArgs(a.spec, a.venv)
	if err := c.run(ctx, a.key, create, a.environ, a.tmp); err != nil {
		return err
	}
	m.Commands = append(m.Commands, create)
	return nil
}

// installPackages installs the spec's packages into the venv, and returns
// what the find-links folders it was given made it warn of.
func (c *Cache) installPackages(ctx context.Context, a *assembly, m *marker) (warnings []string, err error) {
	kept, warnings := checkFindLinks(a.spec.Index.FindLinks)
	install := a.spec
	install.Index.FindLinks = kept
	environ := a.environ
	var argv []string
	switch a.installer {
	case installerUV:
		argv = uvInstallArgs(install, venvPython(a.venv), c.uvCacheDir(), chooseLinkMode(c.envsDir(), c.uvCacheDir()))
		argv[0] = a.uv
		m.Installer = "uv"
	default:
		pipPath, release, err := c.ensurePipCopy(ctx, a.spec)
		if err != nil {
			return nil, fmt.Errorf("envs: %s: %w", a.spec.Python, err)
		}
		defer release()
		environ = append(slices.Clip(environ), "PYTHONPATH="+pipPath)
		m.Installer = strings.TrimSpace("pip " + pipVersion(pipPath))
		if fetchesFirst(install) {
			from, offline, err := c.fetch(ctx, a, install, environ, m)
			if err != nil {
				return nil, err
			}
			if install = from; offline {
				environ = offlineEnviron(environ)
			}
		}
		argv = pipInstallArgs(install, venvPython(a.venv), c.pipCacheDir())
	}
	if err := c.run(ctx, a.key, argv, environ, a.tmp); err != nil {
		return nil, err
	}
	m.Commands = append(m.Commands, argv)
	if a.installer == installerUV {
		if err := c.compileBytecode(ctx, a); err != nil {
			return nil, err
		}
	}
	if a.fetched != "" {
		c.keepDownloads(a.fetched)
	}
	return warnings, nil
}

// moveIntoPlace records what the finished venv holds in its marker and
// renames it to its final path, the last step of a build: a venv at the
// final path always has its marker.
func (c *Cache) moveIntoPlace(a *assembly, m *marker) error {
	var err error
	if m.Files, err = scanTree(a.venv); err != nil {
		return fmt.Errorf("envs: recording what %s holds: %w", a.venv, err)
	}
	if err := writeMarker(a.venv, m); err != nil {
		return err
	}
	// A folder already at the final path is unfinished or damaged (else it
	// would have been adopted): move it aside into tmp, which is removed on
	// return.
	final := c.envDir(a.key)
	if _, err := os.Lstat(final); err == nil {
		if err := os.Rename(final, filepath.Join(a.tmp, "damaged")); err != nil {
			return fmt.Errorf("envs: replacing unfinished environment %s: %w", final, err)
		}
	}
	if err := os.Rename(a.venv, final); err != nil {
		return fmt.Errorf("envs: moving %s into place: %w", a.venv, err)
	}
	return nil
}

// removeLeftoverBuilds deletes build folders of key that an interrupted run
// left behind. The caller holds key's build lock, so none is in progress.
func (c *Cache) removeLeftoverBuilds(key string) {
	matches, _ := filepath.Glob(filepath.Join(c.envsDir(), tempPrefix(key)+"*"))
	for _, m := range matches {
		os.RemoveAll(m)
	}
}

// chooseInstaller resolves Cache.Installer for spec. "auto" takes uv when it
// is on the caller's PATH and the interpreter is one uv supports (3.6 and
// later, per docs.astral.sh/uv/reference/policies/python), else pip.
func (c *Cache) chooseInstaller(spec Spec) (installer, uvPath string, err error) {
	uv := lookPath("uv", c.Getenv("PATH"))
	switch c.Installer {
	case "", "auto":
		major, minor, ok := majorMinor(spec.PythonVersion)
		if uv != "" && (!ok || major > 3 || (major == 3 && minor >= 6)) {
			return installerUV, uv, nil
		}
		installer = installerPip
	case installerPip:
		installer = installerPip
	case installerUV:
		if uv == "" {
			return "", "", errors.New("envs: installer uv was asked for, but uv is not on PATH")
		}
		return installerUV, uv, nil
	default:
		return "", "", fmt.Errorf("envs: unknown installer %q (want auto, pip or uv)", c.Installer)
	}
	if len(spec.Packages) > 0 && spec.PipDir == "" {
		return "", "", fmt.Errorf("envs: %s has no pip to install %s with; install pip for it, or put uv on PATH",
			spec.Python, strings.Join(spec.Packages, " "))
	}
	return installer, "", nil
}

// lookPath finds an executable on the caller's PATH (exec.LookPath reads the
// process's PATH, which may not be the caller's). Empty PATH entries (the
// current directory) are skipped on purpose.
func lookPath(name, path string) string {
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, name)
		info, err := os.Stat(p)
		if err == nil && info.Mode().IsRegular() && (runtime.GOOS == "windows" || info.Mode().Perm()&0o111 != 0) {
			return p
		}
	}
	return ""
}

// run runs one venv or installer command in dir (the build folder, so that
// neither pip nor uv picks up a project or relative path from wherever
// cleanexit was started).
func (c *Cache) run(ctx context.Context, key string, argv, env []string, dir string) error {
	_, err := c.runOutput(ctx, key, argv, env, dir)
	return err
}

// runOutput is run that also returns what the command printed.
func (c *Cache) runOutput(ctx context.Context, key string, argv, env []string, dir string) (string, error) {
	limit, err := c.installTimeout()
	if err != nil {
		return "", err
	}
	runCtx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	c.step(key, argv)
	cmd := exec.CommandContext(runCtx, argv[0], argv[1:]...)
	// Ctrl-C kills the whole build, the PEP 517 backend below pip too, and
	// pip's temporary folders live in dir, which the build removes.
	procgroup.Isolate(cmd)
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o777); err != nil {
		return "", err
	}
	cmd.Env = append(env, "TMPDIR="+tmp)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	cmd.WaitDelay = waitDelay
	err = cmd.Run()
	procgroup.Kill(cmd)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return "", ctxErr
	}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return out.String(), nil
	case runCtx.Err() != nil:
		return "", &InstallError{Key: key, Command: argv, Output: out.String(), TimedOut: limit}
	case errors.As(err, &exitErr):
		return "", &InstallError{Key: key, Command: argv, Output: out.String()}
	default:
		return "", fmt.Errorf("envs: running %s: %w", argv[0], err)
	}
}

func randomID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}
