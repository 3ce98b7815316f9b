package reduce

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/authoring"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/txtar"
)

// reducedName is the name of the case --write makes from case name.
func reducedName(name string) string { return name + "-reduced" }

// Write saves the reduction as a new case beside the original,
// `<name>-reduced.txtar`: the same script and case.yaml, in canonical
// form (so the fixed variant keeps its flags, the case still
// discriminates, and check accepts it), the reduced
// files, and a first story line that says where it came from. It returns
// the new file's path.
func Write(c *cases.Case, red *Reduction) (string, error) {
	data, err := cases.ReadFile(c.File)
	if err != nil {
		return "", err
	}
	a := txtar.Parse(data)
	reduced := map[string]string{}
	var names []string
	for _, f := range red.Files {
		reduced[f.Name] = f.Reduced
		names = append(names, f.Name)
	}
	for i, f := range a.Files {
		if src, ok := reduced[f.Name]; ok {
			a.Files[i].Data = []byte(src)
		}
	}
	story := fmt.Sprintf("# Reduced by cleanexit reduce from %d to %d lines (%s) of %s.\n#\n",
		red.LinesBefore(), red.LinesAfter(), strings.Join(names, ", "), c.ID())
	a.Comment = append([]byte(story), a.Comment...)
	out := filepath.Join(filepath.Dir(c.File), reducedName(c.Name)+".txtar")
	text := txtar.Format(a)
	// The original's case.yaml may be in another order than check
	// wants; the case written must pass check. When it cannot be put in
	// order (check says why), it is written as it was.
	if canon, err := authoring.Canonical(text); err == nil {
		text = canon
	}
	if err := os.WriteFile(out, text, 0o644); err != nil {
		return "", err
	}
	return out, nil
}
