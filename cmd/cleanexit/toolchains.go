package main

import (
	"context"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/toolchains"
)

func cmdToolchains(args []string, stdout, stderr io.Writer) error {
	if _, err := command.Parse(cmdflag.New("toolchains", "", stderr), args, 0); err != nil {
		return err
	}
	ins, err := runner.Interpreters(context.Background(), warnings("toolchains", stderr))
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit toolchains: %v\n", err)
	}
	report.WriteToolchains(stdout, ins, toolchains.DetectHost(context.Background(), toolchains.Options{}))
	return nil
}
