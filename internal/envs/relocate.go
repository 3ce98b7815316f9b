package envs

import (
	"bytes"
	"os"
	"path/filepath"
)

// maxRelocatedFile bounds the files relocate reads: scripts and activation
// files are a few KiB; anything large is a binary left alone.
const maxRelocatedFile = 1 << 20

// relocate rewrites the absolute path an environment was built at (from)
// into the path it is moved to (to). A venv is not relocatable: pip and uv
// write the interpreter's absolute path into the shebang of every console
// script, `venv` writes it into the activation scripts and the "command"
// line of pyvenv.cfg. The interpreter itself finds its prefix from its own
// location, and compiled .pyc files have their source path fixed at import,
// so those need nothing. Only text files are touched (a NUL byte means
// binary, such as a Windows launcher .exe, whose embedded path cannot change
// length).
func relocate(venv, from, to string) error {
	files := []string{filepath.Join(venv, "pyvenv.cfg")}
	entries, err := os.ReadDir(venvBin(venv))
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Type().IsRegular() {
			files = append(files, filepath.Join(venvBin(venv), e.Name()))
		}
	}
	old, repl := []byte(from), []byte(to)
	for _, f := range files {
		info, err := os.Lstat(f)
		if err != nil || !info.Mode().IsRegular() || info.Size() > maxRelocatedFile {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if !bytes.Contains(data, old) || bytes.IndexByte(data, 0) >= 0 {
			continue
		}
		if err := os.WriteFile(f, bytes.ReplaceAll(data, old, repl), info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}
