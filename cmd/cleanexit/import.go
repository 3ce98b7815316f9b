package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/runner/authoring"
)

func cmdImport(args []string, stdout, stderr io.Writer) int {
	return status("import", importLit(args, stdout, stderr), stderr)
}

func importLit(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("import", "[flags] FILE.py PROJECT[/NAME]", stderr)
	var df draftFlags
	df.register(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return parseError(err)
	}
	if len(pos) != 2 {
		fs.Usage()
		return exit(exitUsage, nil)
	}
	src, id := pos[0], pos[1]
	if !strings.Contains(strings.Trim(id, "/"), "/") {
		id = strings.Trim(id, "/") + "/" + authoring.NameFromFile(src)
	}
	file, err := authoring.CasePath(df.corpus, id)
	if err != nil {
		return exit(exitUsage, err)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return exit(exitUsage, err)
	}
	d, err := authoring.ImportLit(src, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return fmt.Errorf("%s was not imported", src)
	}
	df.apply(d)
	return writeAndCheck(file, d, df.corpus, stdout, stderr)
}
