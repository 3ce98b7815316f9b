package envs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A uv build lays out its bare venv itself rather than running `uv venv`:
// that process asked the base interpreter what it is (which the caller
// already knows, in Spec) and cost 0.02 s with uv's cache warm and 0.1 s
// with it empty, of an mlx build that takes 0.5 s and 0.8 s. What makes a
// folder a venv is what the interpreter reads when it starts (PEP 405): a
// pyvenv.cfg beside bin/, naming the base installation's folder, and an
// executable in bin/ that is the base interpreter by a link. uv then
// installs into the folders the interpreter names (lib/python3.13t/… for a
// free-threaded build), making them as it does. pip builds keep
// `python -m venv`, which costs them as little beside pip itself.

// writeVenv lays out a venv at dir for the base interpreter of spec.
func writeVenv(spec Spec, dir string) error {
	bin := venvBin(dir)
	if err := os.MkdirAll(bin, 0o777); err != nil {
		return err
	}
	cfg := fmt.Sprintf("home = %s\ninclude-system-site-packages = false\nversion = %s\n", filepath.Dir(spec.Python), spec.PythonVersion)
	if err := os.WriteFile(filepath.Join(dir, "pyvenv.cfg"), []byte(cfg), 0o666); err != nil {
		return err
	}
	if err := os.Symlink(spec.Python, venvPython(dir)); err != nil {
		return err
	}
	// The names `python -m venv` gives it too: python3, python3.12, and the
	// base's own (python3.13t).
	names := []string{"python3", filepath.Base(spec.Python)}
	if v := strings.Split(spec.PythonVersion, "."); len(v) >= 2 {
		names = append(names, "python"+v[0]+"."+v[1])
	}
	for _, name := range names {
		p := filepath.Join(bin, name)
		if _, err := os.Lstat(p); err == nil || name == "python" {
			continue
		}
		if err := os.Symlink("python", p); err != nil {
			return err
		}
	}
	return nil
}
