package cmdflag

import (
	"flag"
	"strconv"
	"strings"
)

// Parse parses flags wherever they stand among the other arguments, as
// `run CASE --filter X` reads: the flag package stops at the first
// argument that is not a flag, and would take "--filter" for a case.
// After "--" every argument is one of the others, which it returns.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			return append(rest, left...), nil
		}
		if len(left) == 0 {
			return rest, nil
		}
		rest, args = append(rest, left[0]), left[1:]
	}
}

// SplitJobs accepts make's spelling -j2 as well as -j 2: the flag package
// would read -j2 as an unknown flag named "j2".
func SplitJobs(args []string) []string {
	out := make([]string, 0, len(args)+1)
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) > 2 && strings.HasPrefix(a, "-j") && strings.Trim(a[2:], "0123456789") == "" {
			out = append(out, "-j", a[2:])
			continue
		}
		out = append(out, a)
	}
	return out
}

// BoolSet says whether args set the boolean flag name (-name, --name,
// --name=true), reading the arguments themselves: a usage error stops
// parsing at the bad flag, maybe before this one, and a flag that changes
// what a usage error means (run's --bisect-exit) must be seen all the same.
func BoolSet(args []string, name string) bool {
	set := false
	for _, a := range args {
		if a == "--" {
			break
		}
		n, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || n != name {
			continue
		}
		on, err := strconv.ParseBool(value)
		set = !hasValue || err == nil && on
	}
	return set
}
