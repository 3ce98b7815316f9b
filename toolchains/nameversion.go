package toolchains

import (
	"path/filepath"
	"strconv"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// versionedName matches an interpreter file named for its version, as
// CPython's install names it: python3.12, python3.13t, python3.7m,
// python3.11d.
var versionedName = lazyregexp.New(`^python(\d+)\.(\d+)[tdm]*$`)

// nameVersion is the version a file name gives, if it gives one.
func nameVersion(path string) (major, minor int, ok bool) {
	m := versionedName.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return 0, 0, false
	}
	major, _ = strconv.Atoi(m[1])
	minor, _ = strconv.Atoi(m[2])
	return major, minor, true
}

// unwanted reports whether f may be left unidentified: it was not named
// explicitly, its names (the path met and the file it reaches) give one
// version, and wanted refuses that version. Names that disagree give
// none, and the interpreter is identified.
func unwanted(f located, wanted func(major, minor int) bool) bool {
	if f.explicit {
		return false
	}
	major, minor, ok := nameVersion(f.path)
	if rmaj, rmin, rok := nameVersion(f.real); rok {
		if ok && (rmaj != major || rmin != minor) {
			return false
		}
		major, minor, ok = rmaj, rmin, true
	}
	return ok && !wanted(major, minor)
}
