package cases

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/printable"
)

// nameProblem says what is wrong with a case's file name or its project's
// folder name, or "": a name is data that every report prints, and a
// newline, carriage return or escape in it would forge a line of the
// report or act on the terminal that shows it.
func nameProblem(file, project string) string {
	if p := printable.Problem(filepath.Base(file)); p != "" {
		return "the case's file name holds " + p + "; rename the file"
	}
	if p := printable.Problem(project); p != "" {
		return fmt.Sprintf("the project folder's name %s holds %s; rename the folder", printable.Name(project), p)
	}
	return ""
}

// ReadFile reads a case file, or corpus.yaml, refusing any but a regular
// file (through a link): the one reader of the files a corpus holds.
func ReadFile(file string) ([]byte, error) {
	if err := regularFile(file); err != nil {
		return nil, err
	}
	return os.ReadFile(file)
}

// regularFile checks that file is a regular file (through a link): a
// named pipe, socket or device named *.txtar or corpus.yaml would block
// the reader, or feed it without end.
func regularFile(file string) error {
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("is %s, not a regular file; cleanexit reads only regular files", kind(fi.Mode()))
	}
	return nil
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a folder"
	}
	return "not a regular file"
}

// within reports whether path, links resolved, lies inside root (itself
// resolved): a link out of the corpus would run a case from a tree that the
// after-run checks do not watch.
func within(root, path string) (string, bool) {
	r, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", false
	}
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(r, p)
	return p, err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// linkTarget is where a link points, as it is written, or "?".
func linkTarget(path string) string {
	t, err := os.Readlink(path)
	if err != nil {
		return "?"
	}
	return t
}

// caseFiles lists the *.txtar entries of dir, sorted. (filepath.Glob would
// take a folder named with [ for a pattern.)
func caseFiles(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txtar") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// Trees lists the corpus folders cs come from, each once: the folders
// above their projects, which nothing a run writes may land in.
func Trees(cs []*Case) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cs {
		if root := filepath.Dir(c.Dir); !seen[root] {
			seen[root] = true
			out = append(out, root)
		}
	}
	return out
}
