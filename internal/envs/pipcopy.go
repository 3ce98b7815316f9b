package envs

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
	"github.com/cleanexit/cleanexit/internal/seal"
)

// Why a copy of pip, and not pip in each venv or the base pip in place:
//
//   - ensurepip (the default of `python -m venv`) costs about 4 s per
//     environment; venvs here are created --without-pip.
//   - Running the venv's interpreter as `python -m pip` with PYTHONPATH set to
//     a folder holding only a `pip` package makes pip (which vendors all its
//     dependencies) run inside the venv and install into it. Pointing
//     PYTHONPATH at the base site-packages instead would put every package of
//     the base interpreter on the venv's path, and pip would report them as
//     "already satisfied".
//   - pip >= 22.3 ships __pip-runner__.py, which does the same without a copy,
//     and measured the same (0.83 s vs 0.81 s for 3 local wheels on 3.12), but
//     pip 18.1 (Python 3.6) lacks it; one mechanism for every pip is simpler.
//   - The copy keeps modification times, so the base's __pycache__ stays
//     valid: without it pip recompiles itself on every run when
//     PYTHONDONTWRITEBYTECODE is set (1.6-2.1 s instead of 0.8 s per install).
//   - It is a copy, file by file, not hard links, and sealed: every later
//     environment build runs its code, so a case that appended to a linked
//     pip/__init__.py wrote the interpreter's own pip, and one that wrote the
//     copy ran its code in every build after. The copy's files are recorded
//     when it is made (cleanexit-pip-tree.json) and compared before each use;
//     a copy that changed is made again. A copy costs about 0.1 s, once per
//     pip.

// pipKey names the copy of the pip at spec.PipDir: a new pip there (an
// upgrade changes pip/__init__.py, which holds the version) gives a new copy.
func pipKey(spec Spec) (string, error) {
	init := filepath.Join(spec.PipDir, "pip", "__init__.py")
	info, err := os.Stat(init)
	if err != nil {
		return "", fmt.Errorf("no pip at %s: %w", spec.PipDir, err)
	}
	return shortHash(spec.PythonKey, spec.PipDir, fmt.Sprint(stampOf(info))), nil
}

// ensurePipCopy returns a folder holding only a copy of spec's pip package,
// for use as PYTHONPATH, and a release func to call once pip has run. The
// copy is made once per pip, in a temporary folder renamed into place, under
// the copy's lock held exclusively; users hold that lock shared, so Clear
// never deletes a copy that a build is running.
func (c *Cache) ensurePipCopy(ctx context.Context, spec Spec) (dir string, release func(), err error) {
	key, err := pipKey(spec)
	if err != nil {
		return "", nil, err
	}
	dst := filepath.Join(c.pipRoot(), key)
	lockPath := c.pipLockPath(key)
	for {
		shared, err := lockFileContext(ctx, lockPath, false)
		if err != nil {
			return "", nil, err
		}
		if pipCopyIntact(dst) {
			return dst, func() { shared.Close() }, nil
		}
		shared.Close()
		if err := c.copyPip(ctx, spec, key, dst); err != nil {
			return "", nil, err
		}
	}
}

// copyPip makes the copy at dst unless another process made it meanwhile.
func (c *Cache) copyPip(ctx context.Context, spec Spec, key, dst string) error {
	lock, err := lockFileContext(ctx, c.pipLockPath(key), true)
	if err != nil {
		return err
	}
	defer lock.Close()
	if pipCopyIntact(dst) {
		return nil
	}
	if err := os.MkdirAll(c.pipRoot(), 0o777); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(c.pipRoot(), ".tmp-"+key+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	// Copies, not hard links: a case that wrote a linked file in place
	// wrote the interpreter's own pip.
	if err := copyTree(filepath.Join(spec.PipDir, "pip"), filepath.Join(tmp, "pip"), copyFiles); err != nil {
		return fmt.Errorf("copying pip from %s: %w", spec.PipDir, err)
	}
	if err := writePipTree(tmp); err != nil {
		return err
	}
	os.RemoveAll(dst) // a damaged copy, or one without pip/
	return os.Rename(tmp, dst)
}

// pipTreeName is the file, beside a pip copy's pip/, that records what the
// copy held when it was made.
const pipTreeName = "cleanexit-pip-tree.json"

// writePipTree records the copy in dir.
func writePipTree(dir string) error {
	t, err := scanTree(filepath.Join(dir, "pip"))
	if err != nil {
		return err
	}
	data, err := json.Marshal(t)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, pipTreeName), data, 0o666)
}

// pipCopyIntact reports whether the copy in dir holds what it held when
// it was made: every later environment build runs its code, so a copy a
// case changed (code appended to pip/__init__.py, a .pyc planted) is made
// again rather than run. It costs a stat of each of pip's files, once per
// environment build.
func pipCopyIntact(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, pipTreeName))
	if err != nil {
		return false
	}
	var was seal.Snapshot
	if json.Unmarshal(data, &was) != nil || len(was) == 0 {
		return false
	}
	now, err := scanTree(filepath.Join(dir, "pip"))
	return err == nil && changes(filepath.Join(dir, "pip"), was, now) == ""
}

var pipVersionRE = lazyregexp.New(`(?m)^__version__\s*=\s*["']([^"']+)["']`)

// pipVersion reads the version of the pip package in dir, for the marker.
func pipVersion(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "pip", "__init__.py"))
	if err != nil {
		return ""
	}
	if m := pipVersionRE.FindSubmatch(data); m != nil {
		return string(m[1])
	}
	return ""
}
