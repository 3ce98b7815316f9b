package command

import (
	"fmt"
	"io"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// A Command is one (sub)command: its name, its line in its group's usage,
// and its function.
type Command struct {
	Name, Summary string
	Run           func(args []string, stdout, stderr io.Writer) error
	// Interruptible is set for a command whose Run calls Interruptible,
	// which takes the signals CatchEarly caught before it.
	Interruptible bool
}

// A Group is a command made of subcommands: cleanexit itself, and those
// such as `cache` whose first argument is a verb.
type Group struct {
	Name     string // "" for cleanexit itself
	Synopsis string // what follows "usage: cleanexit NAME"
	Footer   string // what the usage says after the commands
	Commands []Command
}

// usage lists the group's commands, each with its summary.
func (g Group) usage() string {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s %s\n\ncommands:\n", prefix(g.Name), g.Synopsis)
	for _, c := range g.Commands {
		fmt.Fprintf(&b, "  %-11s %s\n", c.Name, c.Summary)
	}
	if g.Footer != "" {
		fmt.Fprintf(&b, "\n%s\n", g.Footer)
	}
	return b.String()
}

// Run runs the subcommand args name, saying its error as "cleanexit GROUP
// SUB: message". No arguments is a usage error and -h prints the usage;
// an unknown name gets a "did you mean". What Run returns carries only
// the exit status: it has been said already.
func (g Group) Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, g.usage())
		return Exit(UsageError, nil)
	}
	if isHelp(args[0]) {
		fmt.Fprint(stdout, g.usage())
		return nil
	}
	var names []string
	for _, c := range g.Commands {
		if c.Name == args[0] {
			if !c.Interruptible {
				releaseEarly()
			}
			return Quiet(Status(strings.TrimSpace(g.Name+" "+c.Name), c.Run(args[1:], stdout, stderr), stderr))
		}
		names = append(names, c.Name)
	}
	what := "subcommand"
	if g.Name == "" {
		what = "command"
	}
	fmt.Fprintf(stderr, "%s: unknown %s %q%s\n\n%s", prefix(g.Name), what, args[0], didYouMean(args[0], names), g.usage())
	return Exit(UsageError, nil)
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

// prefix is how a message of the command cmd starts: "cleanexit cmd".
func prefix(cmd string) string { return strings.TrimSpace("cleanexit " + cmd) }
