package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/cleanexit/cleanexit/runner/authoring"
)

func cmdFmt(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("fmt", "[--check] [PATH|CASE…]", stderr)
	var corpus string
	corpusFlag(fs, &corpus, "corpus root for case IDs")
	check := fs.Bool("check", false, "change nothing; list the cases that are not in canonical form and exit 1")
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return status("fmt", parseError(err), stderr)
	}
	files, err := authoring.CaseFiles(corpus, paths)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit fmt: %v\n", err)
		return exitUsage
	}
	code := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "cleanexit fmt: %v\n", err)
			code = 1
			continue
		}
		out, err := authoring.FormatArchive(data)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", f, err)
			code = 1
			continue
		}
		if bytes.Equal(out, data) {
			continue
		}
		if *check {
			fmt.Fprintf(stdout, "%s: case.yaml is not in canonical form; run: cleanexit fmt %s\n", f, f)
			code = 1
			continue
		}
		if err := replaceFile(f, out); err != nil {
			fmt.Fprintf(stderr, "cleanexit fmt: %v\n", err)
			code = 1
			continue
		}
		fmt.Fprintf(stdout, "formatted %s\n", f)
	}
	return code
}

// replaceFile writes data to file through a temporary file and a rename,
// so that an interrupted fmt never leaves half a case.
func replaceFile(file string, data []byte) error {
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".fmt-*.txtar")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), fi.Mode().Perm()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}
