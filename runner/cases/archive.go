package cases

import (
	"bytes"
	"fmt"
	"path"
	"strconv"
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

// maxNameElem is the longest file name (one path element) that Linux and
// macOS file systems take.
const maxNameElem = 255

// badArchiveName says why a file name may not appear in a case, or "".
// Files are written under $WORK by testscript before the first line runs,
// so a name must be one it can write there: inside $WORK, not $WORK
// itself, not the script's own $WORK/.tmp, and one the file system takes.
func badArchiveName(name string) string {
	if name == "" {
		return "empty file name"
	}
	if strings.IndexByte(name, 0) >= 0 {
		return "file name " + strconv.Quote(name) + " holds a NUL byte, which no file system takes"
	}
	if strings.Contains(name, "$") {
		return "file name " + quote(name) + " holds a $, which testscript expands as a variable when it writes the file (\"$HOME/x\" lands outside $WORK); name the file without it"
	}
	if strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) || (len(name) > 1 && name[1] == ':') {
		return "file name " + quote(name) + " is absolute; names are relative to $WORK"
	}
	if strings.Contains(name, `\`) {
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
	if name == "." {
		return "file name \".\" is $WORK itself; give the file a name"
	}
	if first, _, _ := strings.Cut(name, "/"); first == ".tmp" {
		return "file name " + quote(name) + " is inside $WORK/.tmp, the script's TMPDIR, which testscript makes itself; name it otherwise"
	}
	for _, elem := range strings.Split(name, "/") {
		if len(elem) > maxNameElem {
			return fmt.Sprintf("file name %s has a part of %d bytes; file systems take at most %d", quote(shorten(name)), len(elem), maxNameElem)
		}
	}
	return ""
}

// shorten keeps a message about a very long name readable.
func shorten(name string) string {
	if len(name) <= 60 {
		return name
	}
	return name[:40] + "…" + name[len(name)-15:]
}

// folderClash says why name cannot be written beside the archive's other
// files, or "": a file "a" and a file "a/b" need "a" to be both a file and
// a folder. written maps the names already seen to their marker lines.
func folderClash(name string, written map[string]int) string {
	for dir := path.Dir(name); dir != "."; dir = path.Dir(dir) {
		if line, ok := written[dir]; ok {
			return fmt.Sprintf("file %q needs a folder %q, but the archive has a file %q (line %d)", name, dir, dir, line)
		}
	}
	prefix := name + "/"
	for other, line := range written {
		if strings.HasPrefix(other, prefix) {
			return fmt.Sprintf("file %q is also the folder of %q (line %d); rename one", name, other, line)
		}
	}
	return ""
}

func quote(s string) string { return `"` + s + `"` }

// crlfLine returns the 1-based line of the first CRLF line ending, or 0.
// testscript would read such a case, but every file would reach $WORK
// with its CRs, and `fmt` would write case.yaml back with LF: one
// refusal is clearer than a case that half works.
func crlfLine(data []byte) int {
	i := bytes.Index(data, []byte("\r\n"))
	if i < 0 {
		return 0
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}
