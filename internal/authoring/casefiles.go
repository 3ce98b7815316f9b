package authoring

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// CaseFiles resolves command-line arguments to case files without loading
// them, for commands that work on a case's text (fmt): a folder is every
// case under it (a corpus root or one project's folder), a .txtar file is
// itself, and anything else is a case ID or project under corpusRoot. No
// arguments is the whole corpus.
func CaseFiles(corpusRoot string, args []string) ([]string, error) {
	if len(args) == 0 {
		args = []string{corpusRoot}
	}
	var out []string
	for _, a := range args {
		fi, err := os.Stat(a)
		switch {
		case err == nil && fi.IsDir():
			files, err := casesUnder(a)
			if err != nil {
				return nil, err
			}
			out = append(out, files...)
		case err == nil:
			out = append(out, a)
		case strings.HasSuffix(a, ".txtar"):
			return nil, fmt.Errorf("%s: no such case file", a)
		default:
			id := strings.Trim(filepath.ToSlash(a), "/")
			file := filepath.Join(corpusRoot, filepath.FromSlash(id)+".txtar")
			if _, err := os.Stat(file); err == nil {
				out = append(out, file)
				continue
			}
			files, _ := filepath.Glob(filepath.Join(corpusRoot, filepath.FromSlash(id), "*.txtar"))
			if len(files) == 0 {
				return nil, fmt.Errorf("no case matches %q (cases are named project/name, under %s)", a, corpusRoot)
			}
			out = append(out, files...)
		}
	}
	return out, nil
}

// casesUnder lists dir/*.txtar when dir is a project's folder, else
// dir/*/*.txtar, the corpus layout.
func casesUnder(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil || len(files) > 0 {
		return files, err
	}
	files, err = filepath.Glob(filepath.Join(dir, "*", "*.txtar"))
	sort.Strings(files)
	return files, err
}
