package cases

import (
	"path/filepath"
	"strings"
)

// ResolveFindLinks makes each relative local find-links entry absolute
// against dir and leaves URLs and absolute paths alone. The installer runs
// in another working directory than whoever named the folder (a case file,
// a user's shell), so a relative path must be pinned where it was written:
// a case's entries against the case's folder, a flag or CLEANEXIT_FIND_LINKS
// against the caller's working directory.
func ResolveFindLinks(entries []string, dir string) []string {
	if len(entries) == 0 {
		return entries
	}
	out := make([]string, len(entries))
	for i, l := range entries {
		if l != "" && !strings.Contains(l, "://") && !strings.HasPrefix(l, "file:") && !filepath.IsAbs(l) {
			l = filepath.Join(dir, filepath.FromSlash(l))
		}
		out[i] = l
	}
	return out
}
