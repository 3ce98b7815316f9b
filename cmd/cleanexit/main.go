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
//	cleanexit exec [--timeout D] [--backtrace crash] -- CMD [ARG…]
//
// 'cleanexit <command> -h' lists a command's flags. The commands parse
// flags and render; what they decide is the runner packages'.
package main

import (
	"os"

	"github.com/cleanexit/cleanexit/internal/command"
)

func main() { os.Exit(Main()) }

// Main is the whole command, returning its exit status, so that tests can
// run it in-process through testscript. It catches the end signals from
// its start (command.CatchEarly), and so is called once per process.
func Main() int {
	command.CatchEarly()
	command.HideEnvironment()
	command.CloseInheritedOnExec()
	cleanexit := command.Group{Synopsis: "<command> [flags] [PATH|CASE…]", Footer: "Run 'cleanexit <command> -h' for a command's flags.", Commands: commands}
	return command.Status("", cleanexit.Run(os.Args[1:], os.Stdout, os.Stderr), os.Stderr)
}

// commands are the subcommands, in the order the usage lists them.
var commands = []command.Command{
	{Name: "run", Summary: "run cases (default: the corpus) and report each run", Run: cmdRun, Interruptible: true},
	{Name: "list", Summary: "list the runs a corpus expands to on this machine", Run: cmdList, Interruptible: true},
	{Name: "check", Summary: "validate cases; print every problem as file:line: message", Run: cmdCheck},
	{Name: "toolchains", Summary: "show the interpreters found and the host's features", Run: cmdToolchains},
	{Name: "python", Summary: "install interpreters with uv (python install 3.13t 3.14), then find them", Run: cmdPython},
	{Name: "bisect", Summary: "find the release or commit of a package that broke a case's clean exit", Run: cmdBisect, Interruptible: true},
	{Name: "prove", Summary: "show that each case discriminates: known-bad variants fail as declared, good ones pass", Run: cmdProve, Interruptible: true},
	{Name: "cache", Summary: "list, size, prune or clear the cached environments", Run: cmdCache},
	{Name: "report", Summary: "merge JSON reports of several hosts into one Markdown or HTML matrix", Run: cmdReport},
	{Name: "new", Summary: "write a new case from a repro, then check it", Run: cmdNew},
	{Name: "import", Summary: "turn an upstream lit test of a Python file into a case", Run: cmdImport},
	{Name: "fmt", Summary: "put case.yaml in canonical form (--check: only report)", Run: cmdFmt},
	{Name: "exec", Summary: "run an existing command (a pytest suite, a CLI) and fail it on a crash at exit, even after its tests passed", Run: cmdExec, Interruptible: true},
	{Name: "reduce", Summary: "shrink a case's repro to the lines that still crash the same way", Run: cmdReduce, Interruptible: true},
}
