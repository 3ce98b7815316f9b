package cmdflag

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// Internal starts the usage of a flag that cleanexit passes to itself
// (bisect's --git-step): usage hides it, and no typo is taken for it.
const Internal = "internal:"

// New returns a flag set for `cleanexit NAME` that reports its errors on
// stderr, with a "did you mean" for a misspelt flag, and whose usage lists
// the flags a user may give: none of the internal ones, and no "flags:"
// heading without any.
func New(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(typoHints{fs, stderr})
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: cleanexit %s %s\n", name, synopsis)
		printFlags(fs)
	}
	return fs
}

// printFlags prints fs's flags as PrintDefaults does, without the internal
// ones, under a "flags:" heading when there are any.
func printFlags(fs *flag.FlagSet) {
	names := shown(fs)
	if len(names) == 0 {
		return
	}
	out := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	out.SetOutput(fs.Output())
	for _, name := range names {
		f := fs.Lookup(name)
		out.Var(f.Value, name, f.Usage)
		out.Lookup(name).DefValue = f.DefValue
	}
	fmt.Fprintf(fs.Output(), "\nflags:\n")
	out.PrintDefaults()
}

// shown are the names of fs's flags but the internal ones.
func shown(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Usage, Internal) {
			names = append(names, f.Name)
		}
	})
	return names
}

// typoHints is a flag set's output: it adds "did you mean" to the flag
// package's own line about an unknown flag, which is written in one piece.
type typoHints struct {
	fs *flag.FlagSet
	w  io.Writer
}

const undefinedFlag = "flag provided but not defined: -"

func (h typoHints) Write(p []byte) (int, error) {
	name, ok := strings.CutPrefix(strings.TrimSuffix(string(p), "\n"), undefinedFlag)
	if !ok {
		return h.w.Write(p)
	}
	if near := suggest.Closest(name, shown(h.fs), 2); near != "" {
		dashes := "--"
		if len(near) == 1 {
			dashes = "-"
		}
		_, err := fmt.Fprintf(h.w, "%s%s (did you mean %s%s?)\n", undefinedFlag, name, dashes, near)
		return len(p), err
	}
	return h.w.Write(p)
}
