package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"time"
)

// gremlins is the mutation tester, fetched from the Go module proxy.
const gremlins = "github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0"

// mutators beyond gremlins' defaults: an && for an || is the commonest lie
// in a verdict ("--strict alone stops failing"), a break for a continue
// the next.
var mutators = []string{"--invert-logical", "--invert-loopctrl"}

const (
	targetsFile   = "internal/mutation/targets.txt"
	survivorsFile = "internal/mutation/survivors.txt"
)

func main() {
	fast := flag.Bool("fast", false, "only the packages targets.txt marks fast (what .ci/run checks)")
	workers := flag.Int("workers", runtime.NumCPU(), "mutants tested at once")
	coefficient := flag.Int("timeout-coefficient", 10, "how many times the package's first test run a mutant's tests may take before they count as timed out (gremlins' default, 3, times out survivors on a loaded machine)")
	verbose := flag.Bool("v", false, "print gremlins' own output")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./internal/mutation [-fast] [-v] [package...]\n\nRun from the module root. Packages and thresholds: %s; equivalent survivors: %s.\n\n", targetsFile, survivorsFile)
		flag.PrintDefaults()
	}
	flag.Parse()
	if _, err := os.Stat("go.mod"); err != nil {
		fmt.Fprintln(os.Stderr, "mutation: run from the module root (where go.mod is)")
		os.Exit(2)
	}
	targets, err := readTargets(targetsFile)
	if err == nil {
		targets, err = selectTargets(targets, *fast, flag.Args())
	}
	var survivors []survivor
	if err == nil {
		survivors, err = readSurvivors(survivorsFile)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		os.Exit(2)
	}
	failed := false
	var reports []report
	for _, t := range targets {
		start := time.Now()
		fmt.Printf("== %s\n", t.pkg)
		res, err := unleash(t, *workers, *coefficient, *verbose)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mutation: %s: %v\n", t.pkg, err)
			os.Exit(2)
		}
		r := judge(t, res, survivors)
		r.took = time.Since(start)
		r.print(os.Stdout)
		failed = failed || !r.ok()
		reports = append(reports, r)
	}
	fmt.Println()
	fmt.Printf("%-20s %17s %17s %7s %6s %8s %7s  %s\n", "package", "efficacy (min)", "coverage (min)", "killed", "lived", "covered", "took", "")
	for _, r := range reports {
		verdict := "ok"
		if !r.ok() {
			verdict = "FAIL"
		}
		fmt.Printf("%-20s %8.1f%% (%3.0f%%) %8.1f%% (%3.0f%%) %7d %6d %8d %7s  %s\n", r.target.pkg,
			r.efficacy(), r.target.efficacy, r.coverage(), r.target.coverage, r.killed, r.lived, r.covered(), r.took.Round(time.Second), verdict)
	}
	if failed {
		os.Exit(1)
	}
}

// unleash runs gremlins over one package and returns what it wrote.
func unleash(t target, workers, coefficient int, verbose bool) (*gremlinsResult, error) {
	out, err := os.CreateTemp("", "mutation-*.json")
	if err != nil {
		return nil, err
	}
	out.Close()
	defer os.Remove(out.Name())
	args := []string{"run", gremlins, "unleash", "--workers", fmt.Sprint(workers), "-o", out.Name()}
	args = append(args, mutators...)
	if coefficient > 0 {
		args = append(args, "--timeout-coefficient", fmt.Sprint(coefficient))
	}
	if len(t.files) > 0 {
		exclude, err := excludeAllBut(t)
		if err != nil {
			return nil, err
		}
		if exclude != "" {
			args = append(args, "--exclude-files", exclude)
		}
	}
	args = append(args, "./"+t.pkg)
	cmd := exec.Command("go", args...)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if verbose {
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	}
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, log.String())
	}
	data, err := os.ReadFile(out.Name())
	if err != nil {
		return nil, err
	}
	var res gremlinsResult
	if len(bytes.TrimSpace(data)) == 0 {
		// gremlins writes nothing when it found nothing to mutate (a
		// package of types and switch cases, say).
		return &res, nil
	}
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, fmt.Errorf("reading gremlins' results: %v", err)
	}
	return &res, nil
}

// excludeAllBut is the gremlins --exclude-files pattern that leaves only
// the target's named files to mutate.
func excludeAllBut(t target) (string, error) {
	names, err := filepath.Glob(filepath.Join(t.pkg, "*.go"))
	if err != nil {
		return "", err
	}
	var others []string
	seen := map[string]bool{}
	for _, n := range names {
		base := filepath.Base(n)
		if strings.HasSuffix(base, "_test.go") {
			continue
		}
		seen[base] = true
		if !slices.Contains(t.files, base) {
			others = append(others, regexp.QuoteMeta(base))
		}
	}
	for _, f := range t.files {
		if !seen[f] {
			return "", fmt.Errorf("%s:%d: %s has no file %s", targetsFile, t.line, t.pkg, f)
		}
	}
	if len(others) == 0 {
		return "", nil
	}
	return "^(" + strings.Join(others, "|") + ")$", nil
}

// gremlinsResult is the part of gremlins' JSON output read here.
type gremlinsResult struct {
	Files []struct {
		Name      string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}
