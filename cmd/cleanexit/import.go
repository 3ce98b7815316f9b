package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/runner/authoring"
)

func cmdImport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("import", "[flags] FILE.py PROJECT[/NAME]", stderr)
	var df draftFlags
	df.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return status("import", parseError(err), stderr)
	}
	if len(pos) != 2 {
		fs.Usage()
		return 2
	}
	src, id := pos[0], pos[1]
	if !strings.Contains(strings.Trim(id, "/"), "/") {
		id = strings.Trim(id, "/") + "/" + authoring.NameFromFile(src)
	}
	file, err := authoring.CasePath(df.corpus, id)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit import: %v\n", err)
		return 2
	}
	data, err := os.ReadFile(src)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit import: %v\n", err)
		return 2
	}
	d, err := authoring.ImportLit(src, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		fmt.Fprintf(stderr, "cleanexit import: %s was not imported\n", src)
		return 1
	}
	df.apply(d)
	return writeAndCheck("import", file, d, df.corpus, stdout, stderr)
}
