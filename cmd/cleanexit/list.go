package main

import (
	"context"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
)

func cmdList(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("list", "[flags] [PATH|CASE…]", stderr)
	var sf sessionFlags
	sf.register(fs)
	casesOnly := fs.Bool("cases", false, "list cases, not runs")
	paths, err := command.Parse(fs, args, -1)
	if err != nil {
		return err
	}
	return sf.inSession("list", paths, stderr, func(_ context.Context, s *runner.Session) error {
		if *casesOnly {
			for _, c := range s.Cases {
				fmt.Fprintf(stdout, "%s\t%s\n", c.ID(), c.Summary)
			}
			return nil
		}
		for _, r := range s.Runs {
			if r.Skipped() {
				fmt.Fprintf(stdout, "%s\tUNSUPPORTED: %s\n", r.ID, r.Unsupported)
			} else {
				fmt.Fprintln(stdout, r.ID)
			}
		}
		return nil
	})
}
