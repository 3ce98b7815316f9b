package main

import (
	"context"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/runner"
)

func cmdList(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("list", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	casesOnly := fs.Bool("cases", false, "list cases, not runs")
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	cfg, err := sf.config(paths)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit list: %v\n", err)
		return 2
	}
	cfg.Warn = warnings("list", stderr)
	s, err := runner.Open(context.Background(), cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
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
