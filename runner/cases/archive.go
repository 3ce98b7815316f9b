package cases

import (
	"bytes"
	"path"
	"strings"
)

// scanMarkers calls f with the 1-based number and text (without \r) of
// every line that looks like a txtar file marker: it starts with "-- " and
// ends with "--". txtar keeps no positions, so this is how errors find
// their lines again.
func scanMarkers(data []byte, f func(n int, line []byte) (stop bool)) {
	n := 0
	for len(data) > 0 {
		n++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte("--")) && f(n, line) {
			return
		}
	}
}

// markerLines returns, for each file of a txtar archive in order, the
// 1-based line of its "-- name --" marker, by txtar's own rule: a line
// that starts with "-- " and ends with " --" around a name.
func markerLines(data []byte) []int {
	var lines []int
	scanMarkers(data, func(n int, line []byte) bool {
		if len(line) >= 6 && bytes.HasSuffix(line, []byte(" --")) && strings.TrimSpace(string(line[3:len(line)-3])) != "" {
			lines = append(lines, n)
		}
		return false
	})
	return lines
}

// badMarker returns the line of the first file marker with no name
// ("-- --"), or 0. Such a line panics go-internal's txtar parser, so it is
// rejected before parsing.
func badMarker(data []byte) int {
	bad := 0
	scanMarkers(data, func(n int, line []byte) bool {
		if len(line) >= 5 && strings.TrimSpace(strings.Trim(string(line), "-")) == "" {
			bad = n
			return true
		}
		return false
	})
	return bad
}

// badArchiveName says why a file name may not appear in a case, or "".
// Files are written under $WORK, so a name must stay inside it.
func badArchiveName(name string) string {
	switch {
	case name == "":
		return "empty file name"
	case strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) || (len(name) > 1 && name[1] == ':'):
		return "file name " + quote(name) + " is absolute; names are relative to $WORK"
	case strings.Contains(name, `\`):
		return "file name " + quote(name) + " uses a backslash; use /"
	}
	for _, elem := range strings.Split(name, "/") {
		if elem == ".." {
			return "file name " + quote(name) + " escapes $WORK with \"..\""
		}
	}
	if path.Clean(name) != name {
		return "file name " + quote(name) + " is not clean (want " + quote(path.Clean(name)) + ")"
	}
	return ""
}

func quote(s string) string { return `"` + s + `"` }
