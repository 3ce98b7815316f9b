package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/runner/report"
)

// cmdReport works on JSON reports after the fact. Its one subcommand,
// merge, lays the reports of several hosts (or shards) out as one matrix.
func cmdReport(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "merge" {
		if len(args) > 0 && !isHelp(args[0]) {
			fmt.Fprintf(stderr, "cleanexit report: unknown subcommand %q%s\n", args[0], didYouMean(args[0], []string{"merge"}))
		}
		fmt.Fprintf(stderr, "usage: cleanexit report merge A.json B.json … [--markdown OUT.md] [--html OUT.html] [--title T]\n")
		if len(args) > 0 && isHelp(args[0]) {
			return 0
		}
		return exitUsage
	}
	return status("report merge", mergeReports(args[1:], stdout, stderr), stderr)
}

// mergeReports is `cleanexit report merge`.
func mergeReports(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report merge", "A.json B.json … [flags]", stderr)
	mdOut := fs.String("markdown", "", "write the matrix as Markdown to FILE (default: stdout, when no --html)")
	htmlOut := fs.String("html", "", "write the matrix as one self-contained HTML page to FILE")
	title := fs.String("title", "cleanexit: runs across hosts", "the HTML page's title")
	// Flags may come after the files, as in the usage line.
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return parseError(err)
	}
	if len(files) == 0 {
		fs.Usage()
		return exit(exitUsage, nil)
	}
	for _, out := range []string{*mdOut, *htmlOut} {
		if err := report.Writable(out); err != nil {
			return exit(exitUsage, err)
		}
	}
	var docs []*report.Document
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return exit(exitUsage, err)
		}
		d, err := report.ReadDocument(f, name)
		f.Close()
		if err != nil {
			return exit(exitUsage, err)
		}
		docs = append(docs, d)
	}
	m := report.Merge(docs)
	write := func(path string, render func(io.Writer) error) bool {
		var b bytes.Buffer
		if err := render(&b); err != nil {
			fmt.Fprintf(stderr, "cleanexit report merge: %v\n", err)
			return false
		}
		if path == "-" || path == "" {
			_, err := stdout.Write(b.Bytes())
			return err == nil
		}
		if err := os.WriteFile(path, b.Bytes(), 0o666); err != nil {
			fmt.Fprintf(stderr, "cleanexit report merge: %v\n", err)
			return false
		}
		return true
	}
	ok := true
	if *mdOut != "" || *htmlOut == "" {
		ok = write(*mdOut, func(w io.Writer) error { report.WriteMarkdown(w, m); return nil }) && ok
	}
	if *htmlOut != "" {
		ok = write(*htmlOut, func(w io.Writer) error { return report.WriteHTML(w, m, *title) }) && ok
	}
	if !ok {
		return exit(exitUsage, nil)
	}
	fmt.Fprintf(stderr, "merged %d reports from %d hosts: %d rows × %d columns\n", len(docs), len(m.Hosts), len(m.Rows), len(m.Columns))
	return nil
}
