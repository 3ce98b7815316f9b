package main

import (
	"context"
	"flag"
	"io"
	"os"
	"time"

	"github.com/cleanexit/cleanexit/internal/cache"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
)

// cmdCache is how a user sees, bounds and repairs the cache, which grows
// by one environment per distinct interpreter × package set, forever,
// unless someone prunes it. The logic and what it prints are package
// internal/cache's; this file parses flags.
func cmdCache(args []string, stdout, stderr io.Writer) error {
	age, dryRun := cache.Age(cache.DefaultPruneAge), false
	return command.Group{Name: "cache", Synopsis: "<list|size|prune|clear|verify> [flags]", Footer: cacheFooter, Commands: []command.Command{
		cacheVerb("list", "", "each environment: key, interpreter, size, last use, packages", nil, cache.Dir.PrintList),
		cacheVerb("size", "", "the environments' total size, and the whole cache folder's", nil, cache.Dir.PrintSize),
		cacheVerb("prune", "[--older-than D]", "remove what was unused for D (default 30d): environments, build-ext outputs, bisect clones; and stale or damaged environments", func(fs *flag.FlagSet) {
			fs.Var(&age, "older-than", "remove what was unused for this long, e.g. 12h, 7d (stale or damaged environments go whatever their age)")
		}, func(d cache.Dir, w io.Writer) error { return d.PrintPrune(w, time.Duration(age)) }),
		cacheVerb("clear", "", "empty the cache folder, but for environments a running process holds", nil, cache.Dir.PrintClear),
		cacheVerb("verify", "[--dry-run]", "check every environment against what was built; rebuild or remove the damaged ones (--dry-run: only report)", func(fs *flag.FlagSet) {
			fs.BoolVar(&dryRun, "dry-run", false, "only report what is damaged; change nothing")
		}, func(d cache.Dir, w io.Writer) error {
			damaged, err := d.PrintVerify(context.Background(), w, dryRun)
			if err == nil && damaged {
				return command.Exit(command.Failed, nil)
			}
			return err
		}),
	}}.Run(args, stdout, stderr)
}

const cacheFooter = `The cache is $CLEANEXIT_CACHE, else <user cache dir>/cleanexit. Environments
a running cleanexit holds are never removed.`

// cacheVerb is a cache subcommand: its flags, no arguments (a stray one
// is an error rather than silently ignored), then print on the cache.
func cacheVerb(name, synopsis, summary string, flags func(*flag.FlagSet), print func(cache.Dir, io.Writer) error) command.Command {
	return command.Command{Name: name, Summary: summary, Run: func(args []string, stdout, stderr io.Writer) error {
		fs := cmdflag.New("cache "+name, synopsis, stderr)
		if flags != nil {
			flags(fs)
		}
		if _, err := command.Parse(fs, args, 0); err != nil {
			return err
		}
		dir, err := cache.Default(os.Getenv)
		if err != nil {
			return err
		}
		return print(dir, stdout)
	}}
}
