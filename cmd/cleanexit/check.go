package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/runner/authoring"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/report"
)

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "[flags] [PATH|CASE…]", stderr)
	// check reads cases only: of the session flags, only --corpus does
	// anything for it.
	var corpus string
	corpusFlag(fs, &corpus, "corpus root for case IDs")
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return status("check", parseError(err), stderr)
	}
	cs, err := authoring.Check(corpus, paths)
	if err != nil {
		fmt.Fprintln(stderr, err)
		if os.Getenv("GITHUB_ACTIONS") == "true" {
			writeAnnotations(stdout, err)
		}
		return exitFailed
	}
	if len(cs) == 0 {
		// Nothing checked is not "ok": a path that names no case must not
		// keep a pull request's gate green.
		fmt.Fprintf(stderr, "cleanexit check: no case to check in %s\n", strings.Join(orCorpus(paths, corpus), " "))
		return exitFailed
	}
	fmt.Fprintf(stdout, "%d cases ok\n", len(cs))
	writeBuildEnv(stdout, cs)
	return 0
}

// orCorpus is what a command's case paths name: the paths, or the corpus.
func orCorpus(paths []string, corpus string) []string {
	if len(paths) == 0 {
		return []string{corpus}
	}
	return paths
}

// writeBuildEnv lists the cases that pass the caller's variables to their
// environment build, so that a reviewer sees them.
func writeBuildEnv(w io.Writer, cs []*cases.Case) {
	var lines []string
	for _, c := range cs {
		if names := c.BuildEnv(); len(names) > 0 {
			lines = append(lines, fmt.Sprintf("  %s: %s (%s)", c.ID(), strings.Join(names, ", "), c.File))
		}
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "%d cases pass variables of this machine to their environment build (index: env):\n", len(lines))
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// writeAnnotations repeats check's problems as GitHub Actions workflow
// commands, so that a pull request shows each one on its line of the diff.
func writeAnnotations(w io.Writer, err error) {
	l, ok := err.(cases.ErrorList)
	if !ok {
		l = cases.ErrorList{{Msg: err.Error()}}
	}
	for _, e := range l {
		fmt.Fprintln(w, report.WorkflowCommand("error", e.File, e.Line, "", e.Msg))
	}
}
