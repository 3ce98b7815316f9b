package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"github.com/cleanexit/cleanexit/runner/cache"
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
	fmt.Fprintln(stdout, "interpreters:")
	for _, in := range ins {
		fmt.Fprintf(stdout, "  %-8s %-8s %-10s %s", in.ShortVersion(), in.Version, in.Source, in.Path)
		if in.Path != in.RealPath {
			fmt.Fprintf(stdout, " -> %s", in.RealPath)
		}
		fmt.Fprintln(stdout)
	}
	h := toolchains.DetectHost(ctx, toolchains.Options{})
	fmt.Fprintf(stdout, "host: %s/%s", h.OS, h.Arch)
	if h.CPUModel != "" {
		fmt.Fprintf(stdout, " (%s)", h.CPUModel)
	}
	fmt.Fprintln(stdout, "\nfeatures:")
	for _, n := range slices.Sorted(maps.Keys(h.Features)) {
		mark := "no "
		if h.Features[n] {
			mark = "yes"
		}
		fmt.Fprintf(stdout, "  %s  %-14s %s\n", mark, n, h.Why[n])
	}
	return nil
}
