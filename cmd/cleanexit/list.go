package main

import (
	"context"
	"fmt"
	"io"
)

func cmdList(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("list", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	casesOnly := fs.Bool("cases", false, "list cases, not runs")
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return status("list", parseError(err), stderr)
	}
	s, err := sf.open(context.Background(), "list", paths, stderr)
	if err != nil {
		return status("list", err, stderr)
	}
	if *casesOnly {
		for _, c := range s.Cases {
			fmt.Fprintf(stdout, "%s\t%s\n", c.ID(), c.Summary)
		}
		return 0
	}
	for _, r := range s.Runs {
		if r.Skipped() {
			fmt.Fprintf(stdout, "%s\tUNSUPPORTED: %s\n", r.ID, r.Unsupported)
		} else {
			fmt.Fprintln(stdout, r.ID)
		}
	}
	return 0
}
