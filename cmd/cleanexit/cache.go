package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/cleanexit/cleanexit/runner/cache"
)

// cacheUsage lists the cache subcommands. A cache grows by one environment
// per distinct interpreter × package set, forever, unless someone prunes it:
// these commands are how a user sees, bounds and repairs it. The logic is
// package runner/cache's; this file parses and renders.
const cacheUsage = `usage: cleanexit cache <list|size|prune|clear|verify>

  list                       each environment: key, interpreter, size, last use, packages
  size                       the environments' total size, and the whole cache folder's
  prune [--older-than D]     remove environments, build-ext outputs and bisect clones unused
                             for D (default 30d), and stale or damaged environments
  clear                      empty the cache folder, but for environments a running process holds
  verify [--dry-run]         check every environment against what was built; rebuild or
                             remove the damaged ones (--dry-run: only report)

The cache is $CLEANEXIT_CACHE, else <user cache dir>/cleanexit. Environments
a running cleanexit holds are never removed.
`

// defaultPruneAge is how long an unused environment is kept by a plain
// `cache prune`: long enough that a weekly corpus run never rebuilds.
const defaultPruneAge = 30 * 24 * time.Hour

// cacheVerbs are the subcommands, for "did you mean".
var cacheVerbs = []string{"list", "size", "prune", "clear", "verify"}

func cmdCache(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, cacheUsage)
		return exitUsage
	}
	sub, rest := args[0], args[1:]
	if isHelp(sub) {
		fmt.Fprint(stdout, cacheUsage)
		return 0
	}
	dir, err := cache.Default(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit cache: %v\n", err)
		return exitFailed
	}
	switch sub {
	case "list":
		return cacheList(dir, rest, stdout, stderr)
	case "size":
		return cacheSize(dir, rest, stdout, stderr)
	case "prune":
		return cachePrune(dir, rest, stdout, stderr)
	case "clear":
		return cacheClear(dir, rest, stdout, stderr)
	case "verify":
		return cacheVerify(dir, rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "cleanexit cache: unknown subcommand %q%s\n\n%s", sub, didYouMean(sub, cacheVerbs), cacheUsage)
	return exitUsage
}

// noArgs parses a subcommand's (absent) flags, so that `-h` works and a
// stray argument is an error rather than silently ignored.
func noArgs(name string, args []string, stderr io.Writer) (code int, ok bool) {
	fs := newFlagSet("cache "+name, "", stderr)
	if err := fs.Parse(args); err != nil {
		return status("cache", parseError(err), stderr), false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cleanexit cache %s: unexpected argument %q\n", name, fs.Arg(0))
		return exitUsage, false
	}
	return 0, true
}

func cacheList(dir cache.Dir, args []string, stdout, stderr io.Writer) int {
	if code, ok := noArgs("list", args, stderr); !ok {
		return code
	}
	infos, err := dir.List()
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit cache list: %v\n", err)
		return exitFailed
	}
	if len(infos) == 0 {
		fmt.Fprintf(stdout, "no environments in %s\n", dir)
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tPYTHON\tSIZE\tLAST USED\tPACKAGES")
	var total int64
	for _, e := range infos {
		total += e.Size
		pkgs := strings.Join(e.Installed, " ")
		if pkgs == "" {
			pkgs = "-"
		}
		if e.Stale != "" {
			pkgs = "STALE: " + e.Stale
		}
		python := e.PythonVersion
		if python == "" {
			python = "?"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", e.Key, python, humanSize(e.Size), lastUsed(e.LastUsed), pkgs)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d environments, %s in %s\n", len(infos), humanSize(total), dir)
	return 0
}

func cacheSize(dir cache.Dir, args []string, stdout, stderr io.Writer) int {
	if code, ok := noArgs("size", args, stderr); !ok {
		return code
	}
	s, err := dir.Size()
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit cache size: %v\n", err)
		return exitFailed
	}
	fmt.Fprintf(stdout, "environments: %d, %s\n", s.Environments, humanSize(s.EnvBytes))
	fmt.Fprintf(stdout, "build-ext outputs: %s\n", humanSize(s.ExtBytes))
	// The folder's total adds what is neither: the pip copies, interpreter
	// identities, timings, bisect clones, locks, interrupted builds.
	fmt.Fprintf(stdout, "cache folder: %s, %s\n", dir, humanSize(s.Total))
	return 0
}

func cachePrune(dir cache.Dir, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("cache prune", "[--older-than D]", stderr)
	age := ageFlag(defaultPruneAge)
	fs.Var(&age, "older-than", "remove what was unused for this long, e.g. 12h, 7d (stale or damaged environments go whatever their age)")
	if err := fs.Parse(args); err != nil {
		return status("cache", parseError(err), stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cleanexit cache prune: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	p, err := dir.Prune(time.Duration(age))
	var freed int64
	for _, e := range p.Envs {
		freed += e.Size
		why := "unused since " + lastUsed(e.LastUsed)
		if e.Stale != "" {
			why = e.Stale
		}
		fmt.Fprintf(stdout, "removed %s  %s  %s\n", e.Key, humanSize(e.Size), why)
	}
	fmt.Fprintf(stdout, "pruned %d environments, freed %s\n", len(p.Envs), humanSize(freed))
	if p.ExtFiles > 0 {
		fmt.Fprintf(stdout, "pruned %d build-ext outputs, freed %s\n", p.ExtFiles, humanSize(p.ExtBytes))
	}
	if p.Clones > 0 {
		fmt.Fprintf(stdout, "pruned %d bisect clones\n", p.Clones)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit cache prune: %v\n", err)
		return exitFailed
	}
	return 0
}

func cacheClear(dir cache.Dir, args []string, stdout, stderr io.Writer) int {
	if code, ok := noArgs("clear", args, stderr); !ok {
		return code
	}
	before, _ := dir.Size()
	err := dir.Clear()
	after, _ := dir.Size()
	fmt.Fprintf(stdout, "cleared %s, freed %s\n", dir, humanSize(before.Total-after.Total))
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit cache clear: %v\n", err)
		return exitFailed
	}
	return 0
}

func cacheVerify(dir cache.Dir, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("cache verify", "[--dry-run]", stderr)
	dryRun := fs.Bool("dry-run", false, "only report what is damaged; change nothing")
	if err := fs.Parse(args); err != nil {
		return status("cache", parseError(err), stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cleanexit cache verify: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	infos, err := dir.List()
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit cache verify: %v\n", err)
		return exitFailed
	}
	findings, err := dir.Verify(context.Background(), !*dryRun)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit cache verify: %v\n", err)
		return exitFailed
	}
	failed := 0
	for _, f := range findings {
		line := fmt.Sprintf("damaged %s  %s", f.Key, f.Problem)
		if f.Action != "" {
			line += "  → " + f.Action
		}
		fmt.Fprintln(stdout, line)
		if f.Failed || *dryRun {
			failed++
		}
	}
	fmt.Fprintf(stdout, "verified %d environments: %d damaged\n", len(infos), len(findings))
	if failed > 0 {
		return exitFailed
	}
	return 0
}

// ageFlag is a duration that also accepts whole days ("7d"), the unit people
// think of cache ages in, which time.ParseDuration lacks.
type ageFlag time.Duration

func (a *ageFlag) String() string { return time.Duration(*a).String() }

func (a *ageFlag) Set(s string) error {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.ParseFloat(days, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("want a duration such as 7d or 12h, not %q", s)
		}
		*a = ageFlag(time.Duration(n * float64(24*time.Hour)))
		return nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return fmt.Errorf("want a duration such as 7d or 12h, not %q", s)
	}
	*a = ageFlag(d)
	return nil
}

// humanSize prints bytes in binary units, one decimal from KiB up.
func humanSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n)/unit, 0
	for f >= unit && i < 3 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGT"[i])
}

// lastUsed prints a time as a date and minute, "-" when unknown.
func lastUsed(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}
