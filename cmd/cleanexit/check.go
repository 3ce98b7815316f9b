package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/internal/authoring"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/report"
)

func cmdCheck(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("check", "[flags] [PATH|CASE…]", stderr)
	// check reads cases only: of the session flags, only --corpus does
	// anything for it.
	var corpus string
	corpusFlag(fs, &corpus, "corpus root for case IDs")
	paths, err := command.Parse(fs, args, -1)
	if err != nil {
		return err
	}
	cs, err := authoring.Check(corpus, paths)
	var problems cases.ErrorList
	if !errors.As(err, &problems) {
		if err != nil {
			// Not a case's problem but the command line's: a corpus
			// that is not there, an ID that names no case.
			return command.Exit(command.UsageError, err)
		}
		fmt.Fprintf(stdout, "%d cases ok\n", len(cs))
		authoring.WriteBuildEnv(stdout, cs)
		return nil
	}
	if report.InActions(os.Getenv) {
		// A pull request shows each problem on its line of the diff.
		for _, e := range problems {
			fmt.Fprintln(stdout, report.WorkflowCommand("error", e.File, e.Line, "", e.Msg))
		}
	}
	return command.Exit(command.Failed, command.AsIs(err))
}
