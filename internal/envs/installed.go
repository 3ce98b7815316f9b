package envs

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// installedDistributions lists "name==version" for every distribution in the
// venv's site-packages, read from the *.dist-info/METADATA (and legacy
// *.egg-info/PKG-INFO) files themselves: the same answer as `pip freeze`
// without starting an interpreter. Names are PEP 503-normalized so that the
// list compares equal however a project spells its name.
func installedDistributions(venv string) ([]string, error) {
	var files []string
	for _, sp := range sitePackagesDirs(venv) {
		for _, pattern := range []string{"*.dist-info/METADATA", "*.egg-info/PKG-INFO"} {
			m, err := filepath.Glob(filepath.Join(sp, pattern))
			if err != nil {
				return nil, err
			}
			files = append(files, m...)
		}
	}
	var out []string
	for _, f := range files {
		name, version, err := readNameVersion(f)
		if err != nil {
			return nil, err
		}
		if name != "" && version != "" {
			out = append(out, canonicalName(name)+"=="+version)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// sitePackagesDirs are the places a venv keeps its packages:
// lib/pythonX.Y/site-packages on POSIX (lib64 is a link to lib), Lib/site-packages
// on Windows.
func sitePackagesDirs(venv string) []string {
	dirs, _ := filepath.Glob(filepath.Join(venv, "lib", "python*", "site-packages"))
	if win := filepath.Join(venv, "Lib", "site-packages"); isDir(win) && !slices.Contains(dirs, win) {
		dirs = append(dirs, win)
	}
	return dirs
}

// readNameVersion reads the Name and Version headers of a core-metadata file
// (RFC 822 style; the headers end at the first blank line).
func readNameVersion(path string) (name, version string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			break
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "name":
			if name == "" {
				name = strings.TrimSpace(v)
			}
		case "version":
			if version == "" {
				version = strings.TrimSpace(v)
			}
		}
	}
	return name, version, sc.Err()
}

var nameSeparators = lazyregexp.New(`[-_.]+`)

// canonicalName is the PEP 503 normalized form of a project name.
func canonicalName(name string) string {
	return strings.ToLower(nameSeparators.ReplaceAllString(name, "-"))
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
