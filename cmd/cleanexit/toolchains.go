package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/cleanexit/cleanexit/runner/cache"
	"github.com/cleanexit/cleanexit/toolchains"
)

func cmdToolchains(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("toolchains", "", stderr)
	if err := fs.Parse(args); err != nil {
		return status("toolchains", parseError(err), stderr)
	}
	ctx := context.Background()
	root, err := cache.Default(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit toolchains: %v\n", err)
		return exitFailed
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
	fmt.Fprintln(stdout)
	names := make([]string, 0, len(h.Features))
	for n := range h.Features {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintln(stdout, "features:")
	for _, n := range names {
		mark := "no "
		if h.Features[n] {
			mark = "yes"
		}
		fmt.Fprintf(stdout, "  %s  %-14s %s\n", mark, n, h.Why[n])
	}
	return 0
}
