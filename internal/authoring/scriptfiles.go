package authoring

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// scriptFilesRule checks that the files the script hands to python and
// build-ext are in the archive. A typo there is otherwise found only when
// the case runs, as "can't open file", which looks like a crash report.
// Names with a $VARIABLE, absolute names, files an earlier command
// writes (cp, mv), and every name after a cd are left to the run.
func scriptFilesRule(c *cases.Case, _ []byte) cases.ErrorList {
	have := map[string]bool{}
	var names []string
	for _, f := range c.Files {
		have[f.Name] = true
		names = append(names, f.Name)
	}
	sort.Strings(names)
	var errs cases.ErrorList
	for _, l := range c.Commands().Lines {
		if l.Name == "cd" {
			break // later relative names are relative to a folder we do not follow
		}
		for _, f := range l.Writes() {
			have[path.Clean(f)] = true
		}
		for _, f := range l.Reads() {
			if path.IsAbs(f) || have[path.Clean(f)] {
				continue
			}
			msg := fmt.Sprintf("%s names %q, which is not in the archive", l.Name, f)
			if sug := closestName(path.Clean(f), names); sug != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", sug)
			} else if len(names) > 0 {
				msg += " (it holds " + strings.Join(names, ", ") + ")"
			} else {
				msg += fmt.Sprintf(" (add a \"-- %s --\" section)", f)
			}
			errs = append(errs, &cases.Error{File: c.File, Line: l.Number, Msg: msg})
		}
	}
	return errs
}

// closestName returns the archive file within edit distance 2 of name.
func closestName(name string, names []string) string {
	return suggest.Closest(name, names, 2)
}

// fileContentRule keeps large and binary files out of the corpus.
func fileContentRule(c *cases.Case, data []byte) cases.ErrorList {
	markers := markerLinesByName(data)
	var errs cases.ErrorList
	for _, f := range c.Files {
		line := markers[f.Name]
		switch {
		case len(f.Data) > maxFileSize:
			errs = append(errs, &cases.Error{File: c.File, Line: line, Msg: fmt.Sprintf(
				"%s is %d KiB; a case's files are at most %d KiB of source (reduce the repro; wheels and builds belong in a package index)",
				f.Name, (len(f.Data)+1023)>>10, maxFileSize>>10)})
		case strings.IndexByte(string(f.Data), 0) >= 0 || !utf8.Valid(f.Data):
			errs = append(errs, &cases.Error{File: c.File, Line: line, Msg: fmt.Sprintf(
				"%s is binary; a case holds text only (build it in the script with build-ext, or install it as a package)", f.Name)})
		}
	}
	return errs
}

// markerLinesByName maps each archive file to the line of its marker.
func markerLinesByName(data []byte) map[string]int {
	out := map[string]int{}
	for i, l := range strings.Split(string(data), "\n") {
		if name, ok := markerName([]byte(l)); ok {
			if _, dup := out[name]; !dup {
				out[name] = i + 1
			}
		}
	}
	return out
}
