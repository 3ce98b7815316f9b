package main

import (
	"context"
	"flag"
	"io"
	"os"
	"time"

	"github.com/cleanexit/cleanexit/runner/cache"
)

// cacheUsage lists the cache subcommands. A cache grows by one environment
// per distinct interpreter × package set, forever, unless someone prunes it:
// these commands are how a user sees, bounds and repairs it. The logic and
// what it prints are package runner/cache's; this file parses flags.
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

func cmdCache(args []string, stdout, stderr io.Writer) error {
	return group{"cache", cacheUsage, []command{
		{"list", "", cacheVerb("list", "", nil, cache.Dir.PrintList)},
		{"size", "", cacheVerb("size", "", nil, cache.Dir.PrintSize)},
		{"clear", "", cacheVerb("clear", "", nil, cache.Dir.PrintClear)},
		{"prune", "", func(args []string, stdout, stderr io.Writer) error {
			age := ageFlag(cache.DefaultPruneAge)
			return cacheVerb("prune", "[--older-than D]", func(fs *flag.FlagSet) {
				fs.Var(&age, "older-than", "remove what was unused for this long, e.g. 12h, 7d (stale or damaged environments go whatever their age)")
			}, func(d cache.Dir, w io.Writer) error { return d.PrintPrune(w, time.Duration(age)) })(args, stdout, stderr)
		}},
		{"verify", "", func(args []string, stdout, stderr io.Writer) error {
			var dryRun bool
			return cacheVerb("verify", "[--dry-run]", func(fs *flag.FlagSet) {
				fs.BoolVar(&dryRun, "dry-run", false, "only report what is damaged; change nothing")
			}, func(d cache.Dir, w io.Writer) error {
				damaged, err := d.PrintVerify(context.Background(), w, dryRun)
				if err == nil && damaged {
					err = exit(exitFailed, nil)
				}
				return err
			})(args, stdout, stderr)
		}},
	}}.run(args, stdout, stderr)
}

// cacheVerb is a cache subcommand: its flags, no arguments (a stray one
// is an error rather than silently ignored), then print on the cache.
func cacheVerb(name, synopsis string, flags func(*flag.FlagSet), print func(cache.Dir, io.Writer) error) func([]string, io.Writer, io.Writer) error {
	return func(args []string, stdout, stderr io.Writer) error {
		fs := newFlagSet("cache "+name, synopsis, stderr)
		if flags != nil {
			flags(fs)
		}
		if _, err := parse(fs, args, 0); err != nil {
			return err
		}
		dir, err := cache.Default(os.Getenv)
		if err != nil {
			return err
		}
		return print(dir, stdout)
	}
}

// ageFlag is a cache age flag, in days ("7d") as well as Go's units.
type ageFlag time.Duration

func (a *ageFlag) String() string { return time.Duration(*a).String() }

func (a *ageFlag) Set(s string) error {
	d, err := cache.ParseAge(s)
	*a = ageFlag(d)
	return err
}
