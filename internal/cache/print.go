package cache

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/cleanexit/cleanexit/internal/envs"
)

// The verbs as `cleanexit cache` prints them: one function each, so that
// the CLI only parses the verb's flags, and what a user reads about the
// cache is written beside what does it.

// DefaultPruneAge is how long an unused environment is kept by a plain
// `cache prune`: long enough that a weekly corpus run never rebuilds.
const DefaultPruneAge = 30 * 24 * time.Hour

// PrintList writes one line per environment: key, interpreter, size, last
// use and packages, or why it is stale.
func (d Dir) PrintList(w io.Writer) error {
	infos, err := d.list()
	if err != nil {
		return err
	}
	if len(infos) == 0 {
		fmt.Fprintf(w, "no environments in %s\n", d)
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KEY\tPYTHON\tSIZE\tLAST USED\tPACKAGES")
	var total int64
	for _, e := range infos {
		total += e.Size
		pkgs := or(strings.Join(e.Installed, " "), "-")
		if e.Stale != "" {
			pkgs = "STALE: " + e.Stale
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", e.Key, or(e.PythonVersion, "?"), humanSize(e.Size), lastUsed(e.LastUsed), pkgs)
	}
	tw.Flush()
	fmt.Fprintf(w, "%d environments, %s in %s\n", len(infos), humanSize(total), d)
	return nil
}

// PrintSize writes the environments' total, the build-ext outputs', and
// the whole folder's, which adds what is neither: pip copies, interpreter
// identities, timings, bisect clones, locks, interrupted builds.
func (d Dir) PrintSize(w io.Writer) error {
	s, err := d.size()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "environments: %d, %s\n", s.Environments, humanSize(s.EnvBytes))
	fmt.Fprintf(w, "build-ext outputs: %s\n", humanSize(s.ExtBytes))
	fmt.Fprintf(w, "cache folder: %s, %s\n", d, humanSize(s.Total))
	return nil
}

// PrintPrune prunes (see prune) and writes what it removed, even when
// it could not remove everything.
func (d Dir) PrintPrune(w io.Writer, olderThan time.Duration) error {
	p, err := d.prune(olderThan)
	var freed int64
	for _, e := range p.Envs {
		freed += e.Size
		why := or(e.Stale, "unused since "+lastUsed(e.LastUsed))
		fmt.Fprintf(w, "removed %s  %s  %s\n", e.Key, humanSize(e.Size), why)
	}
	fmt.Fprintf(w, "pruned %d environments, freed %s\n", len(p.Envs), humanSize(freed))
	if p.ExtFiles > 0 {
		fmt.Fprintf(w, "pruned %d build-ext outputs, freed %s\n", p.ExtFiles, humanSize(p.ExtBytes))
	}
	if p.Clones > 0 {
		fmt.Fprintf(w, "pruned %d bisect clones\n", p.Clones)
	}
	return err
}

// PrintClear clears (see clear) and writes how much it freed.
func (d Dir) PrintClear(w io.Writer) error {
	before, _ := d.size()
	err := d.clear()
	after, _ := d.size()
	fmt.Fprintf(w, "cleared %s, freed %s\n", d, humanSize(before.Total-after.Total))
	return err
}

// PrintVerify verifies (see verify, verifyBuilds, verifyInstallers and
// verifyShortcuts) and writes each damaged environment, build-ext output,
// installer cache and shortcut, and what was done about it. It reports whether something is still
// damaged: a repair failed, or dryRun left it as it was.
func (d Dir) PrintVerify(ctx context.Context, w io.Writer, dryRun bool) (damaged bool, err error) {
	infos, err := d.list()
	if err != nil {
		return false, err
	}
	findings, err := d.verify(ctx, !dryRun)
	if err != nil {
		return false, err
	}
	damaged = printFindings(w, findings, dryRun)
	fmt.Fprintf(w, "verified %d environments: %d damaged\n", len(infos), len(findings))
	checked, builds, err := d.verifyBuilds(!dryRun)
	if err != nil {
		return damaged, err
	}
	for _, b := range builds {
		line := "damaged build-ext output " + b.name + "  its content is not what was built"
		if b.removed {
			line += "  → removed; the next build stores it again"
		}
		fmt.Fprintln(w, line)
		damaged = damaged || !b.removed
	}
	if checked > 0 {
		fmt.Fprintf(w, "verified %d build-ext outputs: %d damaged\n", checked, len(builds))
	}
	installers, err := d.verifyInstallers(ctx, !dryRun)
	if err != nil {
		return damaged, err
	}
	damaged = printFindings(w, installers, dryRun) || damaged
	for _, s := range d.verifyShortcuts(!dryRun) {
		line := "damaged " + s.name + "  its content is not what cleanexit wrote"
		if s.removed {
			line += "  → removed; the next run finds out again what it said"
		}
		fmt.Fprintln(w, line)
		damaged = damaged || !s.removed
	}
	return damaged, nil
}

// printFindings writes one line per finding, and reports whether one is
// still damaged: its repair failed, or dryRun left it.
func printFindings(w io.Writer, findings []envs.Finding, dryRun bool) (damaged bool) {
	for _, f := range findings {
		line := fmt.Sprintf("damaged %s  %s", f.Key, f.Problem)
		if f.Action != "" {
			line += "  → " + f.Action
		}
		fmt.Fprintln(w, line)
		damaged = damaged || f.Failed || dryRun
	}
	return damaged
}

// maxAgeDays is past the longest age a time.Duration holds (about 292
// years), which a larger count of days would overflow.
const maxAgeDays = 100_000

// An Age is how long something in the cache went unused, as a flag takes
// it: a time.Duration, or whole or fractional days ("7d"), the unit people
// think of cache ages in.
type Age time.Duration

func (a *Age) String() string { return time.Duration(*a).String() }

func (a *Age) Set(s string) error {
	d, err := parseAge(s)
	if err == nil {
		*a = Age(d)
	}
	return err
}

// parseAge reads an Age.
func parseAge(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if days, ok := strings.CutSuffix(s, "d"); ok {
		var n float64
		n, err = strconv.ParseFloat(days, 64)
		if !(n >= 0 && n < maxAgeDays) { // NaN and ±Inf too
			n = -1
		}
		d = time.Duration(n * float64(24*time.Hour))
	}
	if err != nil || d < 0 {
		return 0, fmt.Errorf("want a duration such as 7d or 12h, not %q", s)
	}
	return d, nil
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

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
