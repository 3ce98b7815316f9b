// Package wheelhouse writes small, real, pure-Python wheels for tests and
// benchmarks. PyPI is not reachable where cleanexit's tests run, so every
// test that installs packages builds its own wheelhouse first, and installs
// it offline with --no-index --find-links.
package wheelhouse

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// A Wheel is one distribution to write.
type Wheel struct {
	Name     string            // distribution name, e.g. "crashy-pkg"
	Version  string            // e.g. "1.6"
	Files    map[string]string // path inside the wheel -> content, e.g. "crashy/__init__.py"
	Requires []string          // Requires-Dist lines
}

var nonAlnum = lazyregexp.New(`[-_.]+`)

// fileName is the wheel's file name: name_with_underscores-version-py3-none-any.whl.
func (w Wheel) fileName() string {
	return w.distName() + "-" + w.Version + "-py3-none-any.whl"
}

func (w Wheel) distName() string {
	return nonAlnum.ReplaceAllString(w.Name, "_")
}

// Write writes the wheel into dir and returns its path.
func (w Wheel) Write(dir string) (string, error) {
	if w.Name == "" || w.Version == "" {
		return "", fmt.Errorf("wheelhouse: a wheel needs a name and a version")
	}
	path := filepath.Join(dir, w.fileName())
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	zw := zip.NewWriter(f)
	info := w.distName() + "-" + w.Version + ".dist-info/"
	var meta strings.Builder
	fmt.Fprintf(&meta, "Metadata-Version: 2.1\nName: %s\nVersion: %s\n", w.Name, w.Version)
	for _, r := range w.Requires {
		fmt.Fprintf(&meta, "Requires-Dist: %s\n", r)
	}
	files := map[string]string{
		info + "METADATA": meta.String(),
		info + "WHEEL":    "Wheel-Version: 1.0\nGenerator: cleanexit-wheelhouse\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
	}
	for name, content := range w.Files {
		files[name] = content
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var record strings.Builder
	for _, n := range names {
		data := []byte(files[n])
		sum := sha256.Sum256(data)
		fmt.Fprintf(&record, "%s,sha256=%s,%d\n", n, base64.RawURLEncoding.EncodeToString(sum[:]), len(data))
		if err := writeZipFile(zw, n, data); err != nil {
			f.Close()
			return "", err
		}
	}
	fmt.Fprintf(&record, "%sRECORD,,\n", info)
	if err := writeZipFile(zw, info+"RECORD", []byte(record.String())); err != nil {
		f.Close()
		return "", err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return "", err
	}
	return path, f.Close()
}

func writeZipFile(zw *zip.Writer, name string, data []byte) error {
	w, err := zw.Create(name)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Module returns a wheel holding one importable package, module, whose
// __init__.py is body (or sets VERSION when body is empty).
func Module(name, version, module, body string) Wheel {
	if body == "" {
		body = fmt.Sprintf("VERSION = %q\n", version)
	}
	return Wheel{Name: name, Version: version, Files: map[string]string{module + "/__init__.py": body}}
}
