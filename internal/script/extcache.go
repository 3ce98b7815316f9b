package script

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/sealed"
)

// An extCache keeps compiled extension modules by everything that went
// into them, as ccache does: the compiler (its path, size and mtime), the
// arguments, the compiler's environment (a CPLUS_INCLUDE_PATH, a
// COMPILER_PATH or a PATH with another assembler changes the module), the
// interpreter's identity (its headers), and the content of every file in
// the directory the build runs in but Python sources (the sources and any
// local headers). A C++ build costs 0.3–1.5 s and a corpus
// builds the same module for every run of every variant, so a hit is most
// of a warm run's time.
type extCache struct {
	dir string // "" disables caching
}

// key returns the cache key for a build, or "" when it cannot be computed
// (then the build simply runs).
func (c extCache) key(compiler string, argv, env []string, interpKey, workdir string) string {
	if c.dir == "" {
		return ""
	}
	id := c.compilerID(compiler)
	if id == "" {
		return ""
	}
	h := sha256.New()
	fmt.Fprintln(h, id)
	fmt.Fprintf(h, "interpreter %s\n", interpKey)
	for _, a := range argv {
		fmt.Fprintf(h, "arg %q\n", a)
	}
	for _, kv := range keyedEnviron(env, workdir) {
		fmt.Fprintf(h, "env %q\n", kv)
	}
	var files []string
	err := filepath.WalkDir(workdir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".tmp" {
			return filepath.SkipDir
		}
		// A compiler never reads Python sources: leaving them out lets a
		// case whose .py changes (reduce's candidates, an edited repro)
		// reuse its built module.
		if d.Type().IsRegular() && filepath.Ext(p) != ".py" {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return ""
	}
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return ""
		}
		rel, _ := filepath.Rel(workdir, f)
		sum := sha256.Sum256(data)
		fmt.Fprintf(h, "file %q %x\n", rel, sum)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// keyedEnviron is the part of a compiler's environment that goes into a
// build's key: every variable but the run's marker, sorted, with the run's
// own folder spelled $WORK so that runs of the same case share their keys.
func keyedEnviron(env []string, workdir string) []string {
	var out []string
	for _, kv := range env {
		if strings.HasPrefix(kv, runMarkerVar+"=") {
			continue
		}
		if workdir != "" {
			kv = strings.ReplaceAll(kv, workdir, "$WORK")
		}
		out = append(out, kv)
	}
	sort.Strings(out)
	return out
}

// compilerID identifies a compiler by its path, size and mtime, or "" when
// it cannot be found.
func (c extCache) compilerID(compiler string) string {
	path, err := exec.LookPath(compiler)
	if err != nil {
		return ""
	}
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("compiler %s %d %d", path, fi.Size(), fi.ModTime().UnixNano())
}

// fetch copies a cached module to dst; false on a miss. A module whose
// content is not what was stored (a case wrote over it) is a miss: the
// build that follows stores it again (see package sealed).
func (c extCache) fetch(key, dst string) bool {
	if key == "" {
		return false
	}
	src := filepath.Join(c.dir, key)
	if !sealed.Intact(src) || copyFile(src, dst) != nil {
		return false
	}
	sealed.Touch(src) // last used, for cache.Dir.Prune
	return true
}

// store keeps a built module. It is written to a temporary file and renamed
// into place, so a concurrent reader sees the whole module or none.
func (c extCache) store(key, built string) {
	if key == "" {
		return
	}
	if err := os.MkdirAll(c.dir, 0o777); err != nil {
		return
	}
	tmp, err := os.CreateTemp(c.dir, ".tmp-*")
	if err != nil {
		return
	}
	tmp.Close()
	dst := filepath.Join(c.dir, key)
	if copyFile(built, tmp.Name()) != nil || os.Rename(tmp.Name(), dst) != nil {
		os.Remove(tmp.Name())
		return
	}
	sealed.Seal(dst)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
