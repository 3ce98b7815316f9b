package main

import (
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/runner"
)

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := sf.config(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit check: %v\n", err)
		return 2
	}
	cs, err := runner.Check(cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%d cases ok\n", len(cs))
	return 0
}
