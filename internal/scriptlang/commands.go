package scriptlang

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A Command is one entry of the command table: what a script line may
// start with. Each carries its usage, so that documentation, `check` and
// the run agree, and answers for its own arguments.
type Command struct {
	Name      string
	Usage     string // "cp SRC… DST"
	Summary   string // one line: what it does
	Builtin   bool   // testscript's own command; else cleanexit adds it
	Negatable bool   // "! name" is allowed

	// args says what is wrong with the arguments of a line, or "".
	args func(neg bool, args []Word) string
	// reads returns the files it names that must exist when it runs.
	reads func(args []Word) []string
	// writes returns the files it makes.
	writes func(args []Word) []string
	// needs says what the run must provide for it.
	needs func(args []Word) Needs
}

// Needs is what a script asks of its run beyond an interpreter.
type Needs struct {
	Pip   bool // a pip for the environment
	Build bool // a C/C++ compiler (build-ext)
}

func (n Needs) union(o Needs) Needs {
	return Needs{Pip: n.Pip || o.Pip, Build: n.Build || o.Build}
}

func (c *Command) argsProblem(neg bool, args []Word) string {
	if c.args == nil {
		return ""
	}
	return c.args(neg, args)
}

// Reads returns the files the line names that must be there when it runs
// (python's script, build-ext's sources). Words from variables are left
// out: they are known only at run time.
func (l *Line) Reads() []string {
	if l.Command == nil || l.Command.reads == nil {
		return nil
	}
	return l.Command.reads(l.Args)
}

// Writes returns the files the line makes (cp's and mv's destination).
func (l *Line) Writes() []string {
	if l.Command == nil || l.Command.writes == nil {
		return nil
	}
	return l.Command.writes(l.Args)
}

// needs says what the line asks of its run.
func (l *Line) needs() Needs {
	if l.Command == nil || l.Command.needs == nil {
		return Needs{}
	}
	return l.Command.needs(l.Args)
}

// Needs says what the script asks of its run.
func (s *Script) Needs() Needs {
	var n Needs
	for i := range s.Lines {
		n = n.union(s.Lines[i].needs())
	}
	return n
}

// EnvNames returns the variables the script sets with env NAME=value, so
// that the processes cleanexit's commands start can be given them.
func (s *Script) EnvNames() []string {
	var names []string
	for _, l := range s.Lines {
		if l.Name != "env" {
			continue
		}
		for _, a := range l.Args {
			if k, _, ok := strings.Cut(a.Text, "="); ok && k != "" {
				names = append(names, k)
			}
		}
	}
	return names
}

// commands returns the command table, sorted by name.
func commands() []*Command {
	out := make([]*Command, 0, len(commandByName))
	for _, c := range commandByName {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// names returns the command names, sorted.
func names() []string {
	var out []string
	for _, c := range commands() {
		out = append(out, c.Name)
	}
	return out
}

var commandByName = func() map[string]*Command {
	m := map[string]*Command{}
	for _, c := range table {
		m[c.Name] = c
	}
	return m
}()

// table is every command a case's script may use: cleanexit's four, then
// testscript's (go-internal v1.16), whose argument rules are copied here
// from its cmd.go so that check refuses what its run would.
var table = []*Command{
	{Name: "python", Usage: "python ARGS…", Negatable: true,
		Summary: "run the environment's interpreter with -X faulthandler; the line fails when the exit is not the variant's",
		reads:   pythonReads},
	{Name: "pip", Usage: "pip ARGS…", Negatable: true,
		Summary: "run pip for the case's environment",
		needs:   func([]Word) Needs { return Needs{Pip: true} }},
	{Name: "build-ext", Usage: buildExtUsage,
		Summary: "compile a C or C++ extension module against the run's interpreter",
		args:    buildExtArgs, reads: buildExtReads, needs: buildExtNeeds},
	{Name: "filecheck", Usage: "filecheck CHECKFILE [OPTIONS…]",
		Summary: "check the last command's stdout with LLVM's FileCheck against the CHECK lines of CHECKFILE (requires: [filecheck])",
		args:    fileCheckArgs, reads: firstWord},

	{Name: "cd", Usage: "cd DIR", Builtin: true, Summary: "change the current directory", args: exactly(1, "cd DIR")},
	{Name: "chmod", Usage: "chmod PERM PATH…", Builtin: true, Summary: "change file modes", args: atLeast(2, "chmod PERM PATH…")},
	{Name: "cmp", Usage: "cmp FILE1 FILE2", Builtin: true, Negatable: true, Summary: "compare two files (stdout and stderr name the last command's output)", args: exactly(2, "cmp FILE1 FILE2")},
	{Name: "cmpenv", Usage: "cmpenv FILE1 FILE2", Builtin: true, Negatable: true, Summary: "compare two files, expanding $VARIABLES in FILE2", args: exactly(2, "cmpenv FILE1 FILE2")},
	{Name: "cp", Usage: "cp SRC… DST", Builtin: true, Summary: "copy files", args: atLeast(2, "cp SRC… DST"), writes: lastWord},
	{Name: "env", Usage: "env [NAME=VALUE…]", Builtin: true, Summary: "set (or print) environment variables for the following lines"},
	{Name: "exec", Usage: "exec PROGRAM [ARGS…] [&]", Builtin: true, Negatable: true, Summary: "run a program from PATH", args: execArgs},
	{Name: "exists", Usage: "exists [-readonly] FILE…", Builtin: true, Negatable: true, Summary: "check that files exist", args: existsArgs},
	{Name: "grep", Usage: "grep [-count=N] PATTERN FILE", Builtin: true, Negatable: true, Summary: "match a regular expression against a file", args: matchArgs("grep", 2)},
	{Name: "kill", Usage: "kill [-SIGNAL] [NAME]", Builtin: true, Summary: "signal background commands", args: atMost(2, "kill [-SIGNAL] [NAME]")},
	{Name: "mkdir", Usage: "mkdir DIR…", Builtin: true, Summary: "make directories", args: atLeast(1, "mkdir DIR…")},
	{Name: "mv", Usage: "mv OLD NEW", Builtin: true, Summary: "rename a file", args: exactly(2, "mv OLD NEW"), writes: lastWord},
	{Name: "rm", Usage: "rm FILE…", Builtin: true, Summary: "remove files", args: atLeast(1, "rm FILE…")},
	{Name: "skip", Usage: "skip [MSG]", Builtin: true, Summary: "end the script, skipped (the run is UNSUPPORTED)", args: atMost(1, "skip [MSG]")},
	{Name: "stderr", Usage: "stderr [-count=N] PATTERN", Builtin: true, Negatable: true, Summary: "match a regular expression against the last command's stderr", args: matchArgs("stderr", 1)},
	{Name: "stdin", Usage: "stdin FILE", Builtin: true, Summary: "give the next command FILE as its standard input", args: exactly(1, "stdin FILE")},
	{Name: "stdout", Usage: "stdout [-count=N] PATTERN", Builtin: true, Negatable: true, Summary: "match a regular expression against the last command's stdout", args: matchArgs("stdout", 1)},
	{Name: "stop", Usage: "stop [MSG]", Builtin: true, Summary: "end the script here, passed", args: atMost(1, "stop [MSG]")},
	{Name: "symlink", Usage: "symlink FILE -> TARGET", Builtin: true, Summary: "make a symbolic link", args: symlinkArgs},
	{Name: "unix2dos", Usage: "unix2dos PATH…", Builtin: true, Summary: "convert files to CRLF line endings", args: atLeast(1, "unix2dos PATH…")},
	{Name: "unquote", Usage: "unquote FILE…", Builtin: true, Summary: "remove the leading > of every line of files (txtar quoting)"},
	{Name: "wait", Usage: "wait [NAME]", Builtin: true, Summary: "wait for background commands", args: atMost(1, "wait [NAME]")},
}

func usage(u string) string { return "usage: " + u }

func exactly(n int, u string) func(bool, []Word) string {
	return func(_ bool, args []Word) string {
		if len(args) != n {
			return usage(u)
		}
		return ""
	}
}

func atLeast(n int, u string) func(bool, []Word) string {
	return func(_ bool, args []Word) string {
		if len(args) < n {
			return usage(u)
		}
		return ""
	}
}

func atMost(n int, u string) func(bool, []Word) string {
	return func(_ bool, args []Word) string {
		if len(args) > n {
			return usage(u)
		}
		return ""
	}
}

func execArgs(neg bool, args []Word) string {
	if len(args) == 0 || (len(args) == 1 && args[0].Text == "&") {
		return usage("exec PROGRAM [ARGS…] [&]")
	}
	if neg && Background(args) {
		// testscript's wait takes any end of a negated background
		// command for the failure it wants, a death by signal too.
		return "! exec … & cannot tell a crash from a failure: run the program in the foreground (! exec PROGRAM …), where a death by signal fails the line"
	}
	return ""
}

// Background reports whether an exec line's arguments end with testscript's
// background marker, & or &name&.
func Background(args []Word) bool {
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1].Text
	return last == "&" || len(last) > 1 && strings.HasPrefix(last, "&") && strings.HasSuffix(last, "&")
}

func existsArgs(_ bool, args []Word) string {
	if len(args) > 0 && args[0].Text == "-readonly" {
		args = args[1:]
	}
	if len(args) == 0 {
		return usage("exists [-readonly] FILE…")
	}
	return ""
}

func symlinkArgs(_ bool, args []Word) string {
	if len(args) != 3 || args[1].Text != "->" {
		return usage("symlink FILE -> TARGET")
	}
	return ""
}

// matchArgs checks stdout, stderr and grep as testscript's scriptMatch
// does, and compiles the pattern when it holds no variable.
func matchArgs(name string, want int) func(bool, []Word) string {
	u := name + " [-count=N] PATTERN"
	if name == "grep" {
		u += " FILE"
	}
	return func(neg bool, args []Word) string {
		if len(args) > 0 && strings.HasPrefix(args[0].Text, "-count=") {
			if neg {
				return "cannot use -count= with a negated match"
			}
			n, err := strconv.Atoi(strings.TrimPrefix(args[0].Text, "-count="))
			if err != nil || n < 1 {
				return fmt.Sprintf("bad %s: want -count=N with N at least 1", args[0].Text)
			}
			args = args[1:]
		}
		if len(args) != want {
			return usage(u)
		}
		if !args[0].Expands {
			if _, err := regexp.Compile("(?m)" + args[0].Text); err != nil {
				return fmt.Sprintf("%s: bad pattern %q: %v", name, args[0].Text, err)
			}
		}
		return ""
	}
}

// fileCheckArgs wants the check file first, then FileCheck's options:
// its input is the last command's stdout, never a file.
func fileCheckArgs(_ bool, args []Word) string {
	if len(args) == 0 || strings.HasPrefix(args[0].Text, "-") {
		return usage("filecheck CHECKFILE [OPTIONS…]")
	}
	for _, a := range args[1:] {
		if !strings.HasPrefix(a.Text, "-") && !a.Expands {
			return fmt.Sprintf("filecheck: %q is not an option: the check file comes first, and an option's value is written with = (--check-prefix=FOO)", a.Text)
		}
		if strings.HasPrefix(a.Text, "--input-file") || strings.HasPrefix(a.Text, "-input-file") {
			return "filecheck: --input-file: filecheck checks the last command's stdout"
		}
	}
	return ""
}

func firstWord(args []Word) []string {
	if len(args) == 0 || args[0].Expands {
		return nil
	}
	return []string{args[0].Text}
}

func lastWord(args []Word) []string {
	if len(args) < 2 || args[len(args)-1].Expands {
		return nil
	}
	return []string{args[len(args)-1].Text}
}

// pythonReads is the script file of a python line: the first argument
// that is not an option. -c, -m and - run no file.
func pythonReads(args []Word) []string {
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		switch {
		case strings.HasPrefix(a, "-c") || strings.HasPrefix(a, "-m") || a == "-":
			return nil
		case a == "-W" || a == "-X":
			i++ // takes a value
		case strings.HasPrefix(a, "-"):
		case args[i].Expands:
			return nil
		default:
			return []string{a}
		}
	}
	return nil
}

func buildExtArgs(_ bool, args []Word) string {
	if anyExpands(args) {
		return "" // an unset $VAR drops out; known only at run time
	}
	if _, err := ParseBuildExt(texts(args)); err != nil {
		return "build-ext: " + err.Error()
	}
	return ""
}

func buildExtReads(args []Word) []string {
	if anyExpands(args) {
		return nil
	}
	b, err := ParseBuildExt(texts(args))
	if err != nil {
		return nil
	}
	return b.Sources
}

func buildExtNeeds([]Word) Needs { return Needs{Build: true} }

func texts(args []Word) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.Text
	}
	return out
}
