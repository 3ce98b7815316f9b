package pep508

import (
	"strings"

	"github.com/cleanexit/cleanexit/runner/pep440"
)

var sdistExts = []string{".tar.gz", ".zip", ".tar.bz2", ".tgz", ".tar"}

// FileVersion reads the version out of a distribution file name when the
// file is one of the normalized package want's: a wheel
// (name-version[-build]-py-abi-platform.whl) or a source archive
// (name-version.tar.gz). The version is returned normalized.
func FileVersion(file, want string) (string, bool) {
	var name, version string
	switch {
	case strings.HasSuffix(file, ".whl"):
		parts := strings.Split(strings.TrimSuffix(file, ".whl"), "-")
		if len(parts) < 5 {
			return "", false
		}
		name, version = parts[0], parts[1]
	default:
		base := ""
		for _, ext := range sdistExts {
			if strings.HasSuffix(file, ext) {
				base = strings.TrimSuffix(file, ext)
				break
			}
		}
		if base == "" {
			return "", false
		}
		// The name may hold dashes; the version starts after the dash
		// where the name, normalized, is the one wanted.
		for i := strings.Index(base, "-"); i >= 0; {
			if Normalize(base[:i]) == want {
				name, version = base[:i], base[i+1:]
				break
			}
			j := strings.Index(base[i+1:], "-")
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	if name == "" || Normalize(name) != want {
		return "", false
	}
	v, err := pep440.ParseVersion(version)
	if err != nil {
		return "", false
	}
	return v.String(), true
}
