package main

import (
	"cmp"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner/report"
)

// cmdReport works on JSON reports after the fact. Its one subcommand,
// merge, lays the reports of several hosts (or shards) out as one matrix.
func cmdReport(args []string, stdout, stderr io.Writer) error {
	return command.Group{Name: "report", Synopsis: "merge A.json B.json … [--markdown OUT.md] [--html OUT.html] [--title T]", Commands: []command.Command{
		{Name: "merge", Summary: "lay the reports of several hosts (or shards) out as one matrix", Run: mergeReports},
	}}.Run(args, stdout, stderr)
}

// mergeReports is `cleanexit report merge`.
func mergeReports(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("report merge", "A.json B.json … [flags]", stderr)
	mdOut := fs.String("markdown", "", "write the matrix as Markdown to FILE (default: stdout, when no --html)")
	htmlOut := fs.String("html", "", "write the matrix as one self-contained HTML page to FILE")
	title := fs.String("title", "cleanexit: runs across hosts", "the HTML page's title")
	files, err := command.Parse(fs, args, -1)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		fs.Usage()
		return command.Exit(command.UsageError, nil)
	}
	for _, out := range []string{*mdOut, *htmlOut} {
		if err := cmp.Or(report.Writable(out), report.Outside(out, files)); err != nil {
			return command.Exit(command.UsageError, err)
		}
	}
	docs, err := report.ReadDocumentFiles(files)
	if err != nil {
		return command.Exit(command.UsageError, err)
	}
	m := report.Merge(docs)
	if err := report.WriteMatrix(stdout, m, *mdOut, *htmlOut, *title); err != nil {
		return command.Exit(command.UsageError, err)
	}
	fmt.Fprintf(stderr, "merged %d reports from %d hosts: %d rows × %d columns\n", len(docs), len(m.Hosts), len(m.Rows), len(m.Columns))
	return nil
}
