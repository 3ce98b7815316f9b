package toolchains

import (
	"fmt"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// candidate is a file that may be a Python interpreter, in search order.
type candidate struct {
	path   string
	source string
	// explicit candidates were named one by one in CLEANEXIT_PYTHONS: they
	// are identified even if they are scripts, and their absence is reported.
	explicit bool
}

// interpreterName matches the file names of interpreters: python,
// python3, python3.12, python3.13t, python2.7, python3.6m, python3.13td.
// It leaves out python3-config, python3.12-gdb.py, pythonw and idle.
var interpreterName = lazyregexp.New(interpreterNamePattern)

const interpreterNamePattern = `^python([23](\.[0-9]+)?[tdm]{0,2})?$`

// isInterpreterName reports whether a directory entry is worth a stat.
func isInterpreterName(name, goos string) bool {
	if goos == "windows" {
		lower := strings.ToLower(name)
		if !strings.HasSuffix(lower, ".exe") {
			return false
		}
		name = strings.TrimSuffix(lower, ".exe")
	}
	return interpreterName.MatchString(name)
}

// isShimDir reports whether a PATH entry holds version-manager shims
// (pyenv, pyenv-virtualenv, asdf): shell scripts that cost ~0.4 s per call
// to choose an interpreter discovery finds directly anyway.
func isShimDir(dir, pyenvRoot string) bool {
	clean := filepath.Clean(dir)
	return filepath.Base(clean) == "shims" || (pyenvRoot != "" && clean == filepath.Join(pyenvRoot, "shims"))
}

// isScript reports whether the file starts with "#!". Real interpreters are
// ELF, Mach-O or PE binaries; a script named python3 is a shim or wrapper
// that would run one of them, slowly.
func isScript(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [2]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		return false
	}
	return magic[0] == '#' && magic[1] == '!'
}

// searchPlace is one place discovery looks, for the message that says where
// it looked when it found nothing.
type searchPlace struct {
	source string
	what   string
}

// candidates lists every file that may be an interpreter, in search order:
// CLEANEXIT_PYTHONS, PATH, pyenv, uv, then on macOS Homebrew and python.org.
func (d *discovery) candidates() ([]candidate, []searchPlace) {
	var cands []candidate
	var places []searchPlace
	listed := map[fileID]bool{}
	addDir := func(dir, source string) {
		// Where /usr is merged, /bin is a link to /usr/bin: PATH names
		// the same thousand-entry folder twice, and it is listed once.
		fi, err := os.Stat(dir)
		if err != nil {
			return // nothing to list
		}
		if id, ok := fileIdentity(fi); ok {
			if listed[id] {
				return
			}
			listed[id] = true
		}
		cands = append(cands, d.scanDir(dir, fi, source)...)
	}

	if list := d.getenv("CLEANEXIT_PYTHONS"); list != "" {
		places = append(places, searchPlace{SourceEnv, "CLEANEXIT_PYTHONS"})
		for _, entry := range filepath.SplitList(list) {
			if entry == "" {
				continue
			}
			if fi, err := os.Stat(entry); err == nil && fi.IsDir() {
				addDir(entry, SourceEnv)
				continue
			}
			cands = append(cands, candidate{path: entry, source: SourceEnv, explicit: true})
		}
	}

	places = append(places, searchPlace{SourcePath, "PATH"})
	pyenvRoot := d.pyenvRoot()
	for _, dir := range filepath.SplitList(d.getenv("PATH")) {
		// An empty entry means the current directory: never an install.
		if dir == "" || dir == "." || isShimDir(dir, pyenvRoot) {
			continue
		}
		addDir(dir, SourcePath)
	}

	if pyenvRoot != "" {
		places = append(places, searchPlace{SourcePyenv, filepath.Join(pyenvRoot, "versions")})
		for _, dir := range d.versionDirs(filepath.Join(pyenvRoot, "versions")) {
			addDir(dir, SourcePyenv)
		}
	}

	if uv := d.uvRoot(); uv != "" {
		places = append(places, searchPlace{SourceUV, uv})
		for _, dir := range d.versionDirs(uv) {
			addDir(dir, SourceUV)
		}
	}

	if d.goos == "darwin" {
		places = append(places, searchPlace{SourceHomebrew, "Homebrew"}, searchPlace{SourceFramework, "/Library/Frameworks"})
		for _, pattern := range []string{
			"/opt/homebrew/bin",
			"/opt/homebrew/opt/python@3.*/bin",
			"/usr/local/bin",
			"/usr/local/opt/python@3.*/bin",
		} {
			for _, dir := range d.glob(pattern) {
				addDir(dir, SourceHomebrew)
			}
		}
		for _, pattern := range []string{
			"/Library/Frameworks/Python.framework/Versions/*/bin",
			"/Library/Frameworks/PythonT.framework/Versions/*/bin",
		} {
			for _, dir := range d.glob(pattern) {
				addDir(dir, SourceFramework)
			}
		}
	}
	return cands, places
}

// scanDir lists the interpreter-named entries of dir, a folder stat'ed as
// fi, sorted so that the shortest name (python3 before python3.12) is the
// Path an interpreter is reported under; from the scan cache where it
// still holds for the folder.
func (d *discovery) scanDir(dir string, fi os.FileInfo, source string) []candidate {
	names, ok := d.scans.lookup(dir, fi)
	if !ok {
		names, ok = d.listDir(dir)
		if ok {
			d.scans.record(dir, fi, names)
		}
	}
	cands := make([]candidate, len(names))
	for i, name := range names {
		cands[i] = candidate{path: filepath.Join(dir, name), source: source}
	}
	return cands
}

// listDir reads the interpreter-named entries of dir that are not
// folders, in scanDir's order; false when dir could not be read whole.
func (d *discovery) listDir(dir string) ([]string, bool) {
	dirsListed.Add(1)
	// Names alone, unsorted: /usr/bin holds over a thousand entries, and
	// os.ReadDir's sorted DirEntry values were most of warm discovery's
	// time. Only the few names that look like interpreters are looked at.
	f, err := os.Open(dir)
	if err != nil {
		d.noteUnsearched(dir, err)
		return nil, false
	}
	all, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		d.noteUnsearched(dir, err)
	}
	var names []string
	for _, name := range all {
		if !isInterpreterName(name, d.goos) {
			continue
		}
		if fi, err := os.Lstat(filepath.Join(dir, name)); err == nil && !fi.IsDir() {
			names = append(names, name)
		}
	}
	sort.Slice(names, func(i, j int) bool {
		if len(names[i]) != len(names[j]) {
			return len(names[i]) < len(names[j])
		}
		return names[i] < names[j]
	})
	return names, err == nil
}

// versionDirs are the binary directories of a tree of installs, one per
// version: pyenv's versions/3.12.1/bin, uv's cpython-3.12.1-linux-x86_64-gnu/bin.
func (d *discovery) versionDirs(root string) []string {
	// filepath.Glob would take a folder it could not read for an empty one.
	entries, err := os.ReadDir(root)
	if err != nil {
		d.noteUnsearched(root, err)
		return nil
	}
	var dirs []string
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if d.goos != "windows" {
			dir = filepath.Join(dir, "bin")
		}
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

// noteUnsearched keeps why dir could not be read, where the host lacked
// the means (too many open files…): a folder that is not there, or that
// its user may not read, holds nothing discovery could use.
func (d *discovery) noteUnsearched(dir string, err error) {
	if exitstatus.HostTrouble(err) != "" {
		d.unsearched = append(d.unsearched, fmt.Errorf("cannot search %s: %w", dir, err))
	}
}

// glob expands a pattern for a fixed system location under d.root, which
// tests point at a fake tree.
func (d *discovery) glob(pattern string) []string {
	dirs, _ := filepath.Glob(filepath.Join(d.root, filepath.FromSlash(pattern)))
	return dirs
}

// pyenvRoot is $PYENV_ROOT, else ~/.pyenv.
func (d *discovery) pyenvRoot() string {
	if root := d.getenv("PYENV_ROOT"); root != "" {
		return root
	}
	if home := d.getenv("HOME"); home != "" {
		return filepath.Join(home, ".pyenv")
	}
	return ""
}

// uvRoot is where uv keeps the interpreters it manages:
// $UV_PYTHON_INSTALL_DIR, else $XDG_DATA_HOME/uv/python, else
// ~/.local/share/uv/python (%APPDATA%\uv\python on Windows).
func (d *discovery) uvRoot() string {
	if dir := d.getenv("UV_PYTHON_INSTALL_DIR"); dir != "" {
		return dir
	}
	if d.goos == "windows" {
		if appData := d.getenv("APPDATA"); appData != "" {
			return filepath.Join(appData, "uv", "python")
		}
		return ""
	}
	if xdg := d.getenv("XDG_DATA_HOME"); xdg != "" {
		return filepath.Join(xdg, "uv", "python")
	}
	if home := d.getenv("HOME"); home != "" {
		return filepath.Join(home, ".local", "share", "uv", "python")
	}
	return ""
}
