// Command cleanexit runs a corpus of Python shutdown-crash regression
// cases. See the README for what it is, and runner/cases for the case
// format.
//
// Usage:
//
//	cleanexit run [-j N] [--filter RE] [-v] [PATH|CASE…]
//	cleanexit list [PATH|CASE…]
//	cleanexit check [PATH|CASE…]
//	cleanexit toolchains
//	cleanexit python install 3.13t 3.14
//	cleanexit bisect CASE --package NAME --good V1 --bad V2
//	cleanexit prove [PATH|CASE…]
//	cleanexit cache list|size|prune|clear|verify
//	cleanexit report merge A.json B.json…
//	cleanexit new PROJECT/NAME [--from repro.py]
//	cleanexit import FILE.py PROJECT[/NAME]
//	cleanexit fmt [--check] [PATH|CASE…]
//	cleanexit reduce CASE [--write]
//
// 'cleanexit <command> -h' lists a command's flags. The commands parse
// flags and render; what they decide is the runner packages'.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

func main() { os.Exit(Main()) }

// Main is the whole command, returning its exit status, so that tests can
// run it in-process through testscript.
func Main() int {
	return dispatch(os.Args[1:], os.Stdout, os.Stderr)
}

// A command is one subcommand: its name, its line in the usage, and its
// function, which ends in an error that status turns into an exit status,
// so that every command has one shape.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

// commands are the subcommands, in the order the usage lists them.
var commands = []command{
	{"run", "run cases (default: the corpus) and report each run", cmdRun},
	{"list", "list the runs a corpus expands to on this machine", cmdList},
	{"check", "validate cases; print every problem as file:line: message", cmdCheck},
	{"toolchains", "show the interpreters found and the host's features", cmdToolchains},
	{"python", "install interpreters with uv (python install 3.13t 3.14), then find them", cmdPython},
	{"bisect", "find the release or commit of a package that broke a case's clean exit", statusOnly(cmdBisect)},
	{"prove", "show that each case discriminates: known-bad variants fail as declared, good ones pass", statusOnly(cmdProve)},
	{"cache", "list, size, prune or clear the cached environments", cmdCache},
	{"report", "merge JSON reports of several hosts into one Markdown or HTML matrix", cmdReport},
	{"new", "write a new case from a repro, then check it", cmdNew},
	{"import", "turn an upstream lit test of a Python file into a case", cmdImport},
	{"fmt", "put case.yaml in canonical form (--check: only report)", cmdFmt},
	{"reduce", "shrink a case's repro to the lines that still crash the same way", statusOnly(cmdReduce)},
}

// statusOnly adapts a command that still returns its exit status itself.
func statusOnly(cmd func(args []string, stdout, stderr io.Writer) int) func([]string, io.Writer, io.Writer) error {
	return func(args []string, stdout, stderr io.Writer) error {
		return quiet(cmd(args, stdout, stderr))
	}
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	return status("", group{"", usage(commands), commands}.run(args, stdout, stderr), stderr)
}

// usage is cleanexit's own usage, listing its commands.
func usage(cmds []command) string {
	var b strings.Builder
	b.WriteString("usage: cleanexit <command> [flags] [PATH|CASE…]\n\ncommands:\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "  %-11s %s\n", c.name, c.summary)
	}
	b.WriteString("\nRun 'cleanexit <command> -h' for a command's flags.\n")
	return b.String()
}

// A group is a command made of subcommands: cleanexit itself, and cache,
// python and report, which answer no arguments, -h and a typo alike.
type group struct {
	name  string // "" for cleanexit itself
	usage string
	cmds  []command
}

// run runs the subcommand args name, saying its error as "cleanexit
// GROUP SUB: message"; what it returns carries only the exit status.
func (g group) run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, g.usage)
		return exit(exitUsage, nil)
	}
	if isHelp(args[0]) {
		fmt.Fprint(stdout, g.usage)
		return nil
	}
	var names []string
	for _, c := range g.cmds {
		if c.name == args[0] {
			return quiet(status(strings.TrimSpace(g.name+" "+c.name), c.run(args[1:], stdout, stderr), stderr))
		}
		names = append(names, c.name)
	}
	self, what := strings.TrimSpace("cleanexit "+g.name), "subcommand"
	if g.name == "" {
		what = "command"
	}
	fmt.Fprintf(stderr, "%s: unknown %s %q%s\n\n%s", self, what, args[0], didYouMean(args[0], names), g.usage)
	return exit(exitUsage, nil)
}

// didYouMean is " (did you mean "NAME"?)" for the name nearest to a
// mistyped command or subcommand, or "" when none is near.
func didYouMean(word string, names []string) string {
	if near := suggest.Closest(word, names, 2); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	return ""
}

// isHelp reports whether a command's first argument asks for its usage.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}
