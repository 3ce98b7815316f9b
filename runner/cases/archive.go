package cases

import (
	"bytes"
	"path"
	"strings"
)

// markerLines returns, for each file of a txtar archive in order, the
// 1-based line of its "-- name --" marker. txtar keeps no positions, and
// errors must point at the right line of the .txtar, so we find the
// markers again with txtar's own rule: a line that starts with "-- " and
// ends with " --".
func markerLines(data []byte) []int {
	var lines []int
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
		if bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte(" --")) && len(line) >= 6 {
			if strings.TrimSpace(string(line[3:len(line)-3])) != "" {
				lines = append(lines, n)
			}
		}
	}
	return lines
}

// badMarker returns the line of the first file marker with no name
// ("-- --"), or 0. Such a line panics go-internal's txtar parser, so it is
// rejected before parsing.
func badMarker(data []byte) int {
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
		if bytes.HasPrefix(line, []byte("--")) && bytes.HasSuffix(line, []byte("--")) {
			name := strings.TrimSpace(strings.Trim(string(line), "-"))
			if name == "" && bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte(" --")) {
				return n
			}
			if name == "" && len(line) >= 5 && bytes.HasPrefix(line, []byte("-- ")) {
				return n
			}
		}
	}
	return 0
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
