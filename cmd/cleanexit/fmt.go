package main

import (
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/authoring"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
)

func cmdFmt(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("fmt", "[--check] [PATH|CASE…]", stderr)
	var corpus string
	corpusFlag(fs, &corpus, "corpus root for case IDs")
	check := fs.Bool("check", false, "change nothing; list the cases that are not in canonical form and exit 1")
	paths, err := command.Parse(fs, args, -1)
	if err != nil {
		return err
	}
	files, err := authoring.CaseFiles(corpus, paths)
	if err != nil {
		return command.Exit(command.UsageError, err)
	}
	var failed error
	for _, f := range files {
		changed, err := authoring.FormatFile(f, !*check)
		switch {
		case err != nil:
			fmt.Fprintln(stderr, err)
		case changed && *check:
			fmt.Fprintf(stdout, "%s: case.yaml is not in canonical form; run: cleanexit fmt %s\n", f, f)
		case changed:
			fmt.Fprintf(stdout, "formatted %s\n", f)
		}
		if err != nil || changed && *check {
			failed = command.Exit(command.Failed, nil)
		}
	}
	return failed
}
