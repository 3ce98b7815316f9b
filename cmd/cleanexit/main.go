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
// 'cleanexit <command> -h' lists a command's flags.
package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

func main() { os.Exit(Main()) }

// Main is the whole command, returning its exit status, so that tests can
// run it in-process through testscript.
func Main() int {
	return dispatch(os.Args[1:], os.Stdout, os.Stderr)
}

// commands are the subcommands, each a function over its arguments.
var commands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"run":        cmdRun,
	"list":       cmdList,
	"check":      cmdCheck,
	"toolchains": cmdToolchains,
	"python":     cmdPython,
	"bisect":     cmdBisect,
	"prove":      cmdProve,
	"cache":      cmdCache,
	"report":     cmdReport,
	"new":        cmdNew,
	"import":     cmdImport,
	"fmt":        cmdFmt,
	"reduce":     cmdReduce,
}

const usage = `usage: cleanexit <command> [flags] [PATH|CASE…]

commands:
  run         run cases (default: the corpus) and report each run
  list        list the runs a corpus expands to on this machine
  check       validate cases; print every problem as file:line: message
  toolchains  show the interpreters found and the host's features
  python      install interpreters with uv (python install 3.13t 3.14), then find them
  bisect      find the release or commit of a package that broke a case's clean exit
  prove       show that each case discriminates: known-bad variants fail as declared, good ones pass
  cache       list, size, prune or clear the cached environments
  report      merge JSON reports of several hosts into one Markdown or HTML matrix
  new         write a new case from a repro, then check it
  import      turn an upstream lit test of a Python file into a case
  fmt         put case.yaml in canonical form (--check: only report)
  reduce      shrink a case's repro to the lines that still crash the same way

Run 'cleanexit <command> -h' for a command's flags.
`

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	if isHelp(args[0]) {
		fmt.Fprint(stdout, usage)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "cleanexit: unknown command %q%s\n\n%s", args[0], didYouMean(args[0], slices.Sorted(maps.Keys(commands))), usage)
		return exitUsage
	}
	return cmd(args[1:], stdout, stderr)
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
