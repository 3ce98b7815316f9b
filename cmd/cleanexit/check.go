package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
)

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	cfg, err := sf.config(paths)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit check: %v\n", err)
		return 2
	}
	cs, err := runner.Check(cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		if os.Getenv("GITHUB_ACTIONS") == "true" {
			writeAnnotations(stdout, err)
		}
		return 1
	}
	if len(cs) == 0 {
		// Nothing checked is not "ok": a path that names no case must not
		// keep a pull request's gate green.
		fmt.Fprintf(stderr, "cleanexit check: no case to check in %s\n", strings.Join(orCorpus(paths, cfg.Corpus), " "))
		return 1
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
		fmt.Fprintln(w, annotation(e))
	}
}

// annotation renders one problem as an ::error workflow command.
func annotation(e *cases.Error) string {
	var props []string
	if e.File != "" {
		props = append(props, "file="+escapeProperty(e.File))
	}
	if e.Line > 0 {
		props = append(props, "line="+strconv.Itoa(e.Line))
	}
	cmd := "::error"
	if len(props) > 0 {
		cmd += " " + strings.Join(props, ",")
	}
	return cmd + "::" + escapeData(e.Msg)
}

// escapeData and escapeProperty follow the workflow-command escaping of
// GitHub's actions/toolkit (core/command.ts).
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
