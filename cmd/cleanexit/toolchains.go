package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/runner/cache"
	"github.com/cleanexit/cleanexit/runner/report"
	"github.com/cleanexit/cleanexit/toolchains"
)

func cmdToolchains(args []string, stdout, stderr io.Writer) error {
	if _, err := parse(newFlagSet("toolchains", "", stderr), args, 0); err != nil {
		return err
	}
	ctx := context.Background()
	root, err := cache.Default(os.Getenv)
	if err != nil {
		return err
	}
	ins, err := toolchains.Discover(ctx, toolchains.Options{CacheDir: root.Identities(), Warn: warnings("toolchains", stderr)})
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit toolchains: %v\n", err)
	}
	report.WriteToolchains(stdout, ins, toolchains.DetectHost(ctx, toolchains.Options{}))
	return nil
}
