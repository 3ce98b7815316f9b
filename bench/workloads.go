package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/wheelhouse"
	"github.com/rogpeppe/go-internal/txtar"
)

// sizes are how big each workload is; -short shrinks them so that CI's
// smoke run stays well under a minute.
type sizes struct {
	warmCases int   // workload 1
	crashes   int   // workload 8: crashing cases, and as many clean ones
	pkgCases  int   // workloads 2 and 3
	scale     []int // workload 4: corpus sizes for the per-case slope; the last is list/check's
	// nanobind runs workload 6, whose one cold pair compiles nanobind three
	// times (half a minute of CPU): CI's smoke run leaves it to the CLI
	// tests, which build against nanobind too.
	nanobind bool
	// peers runs workload 1 against real lit, tox and nox, which it
	// installs from the package index first.
	peers bool
}

var (
	fullSizes  = sizes{warmCases: 50, pkgCases: 10, scale: []int{100, 500, 2000}, crashes: 10, nanobind: true, peers: true}
	shortSizes = sizes{warmCases: 50, pkgCases: 3, scale: []int{20, 50, 200}, crashes: 2}
)

// packageSets are the three distinct environments of workloads 2 and 3,
// three local wheels each, as in the tox/nox comparison. Sets
// overlap so that a shared wheel cannot be mistaken for a shared
// environment.
var packageSets = [][]string{
	{"bench-alpha", "bench-beta", "bench-gamma"},
	{"bench-beta", "bench-delta", "bench-epsilon"},
	{"bench-gamma", "bench-epsilon", "bench-zeta"},
}

// moduleOf is the importable module a bench wheel installs.
func moduleOf(dist string) string { return strings.ReplaceAll(dist, "-", "_") }

// workspace is every generated input, under one temporary folder.
type workspace struct {
	Dir    string
	Wheels string // the wheelhouse

	Warm  string   // corpus of workload 1: trivial scripts, no packages
	Pkgs  string   // corpus of workloads 2 and 3: packages from Wheels
	Scale []string // corpora of workload 4, one per size
	// Reduce is the case workload 6 reduces: a repro of 40 statements
	// where 3 matter (an atexit hook that aborts, its imports, its guard).
	Reduce string

	// Crashing and Clean are the corpora of workload 8: cases that die by
	// SIGSEGV at exit (and expect to), and cases that exit cleanly.
	Crashing, Clean string

	// PkgImports is, for each case of Pkgs in order, its package set's
	// index and the Python statement the case runs, so the baselines run
	// exactly the same code.
	PkgSet     []int
	PkgImports []string
}

// generate writes the workloads for py (a "3.12" short version) into dir.
func generate(dir, py string, sz sizes) (*workspace, error) {
	ws := &workspace{Dir: dir, Wheels: filepath.Join(dir, "wheels")}
	if err := os.MkdirAll(ws.Wheels, 0o777); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, set := range packageSets {
		for _, dist := range set {
			if seen[dist] {
				continue
			}
			seen[dist] = true
			w := wheelhouse.Module(dist, "1.0", moduleOf(dist), "")
			if _, err := w.Write(ws.Wheels); err != nil {
				return nil, fmt.Errorf("writing the wheelhouse: %w", err)
			}
		}
	}

	ws.Warm = filepath.Join(dir, "warm")
	for i := range sz.warmCases {
		if err := writeCase(ws.Warm, "trivial", fmt.Sprintf("c%03d", i), py, "pass", nil); err != nil {
			return nil, err
		}
	}

	ws.Pkgs = filepath.Join(dir, "pkgs")
	for i := range sz.pkgCases {
		set := i % len(packageSets)
		var mods []string
		for _, dist := range packageSets[set] {
			mods = append(mods, moduleOf(dist))
		}
		stmt := "import " + strings.Join(mods, ", ")
		var pins []string
		for _, dist := range packageSets[set] {
			pins = append(pins, dist+"==1.0")
		}
		if err := writeCase(ws.Pkgs, "withpkgs", fmt.Sprintf("c%03d", i), py, stmt, pins); err != nil {
			return nil, err
		}
		ws.PkgSet = append(ws.PkgSet, set)
		ws.PkgImports = append(ws.PkgImports, stmt)
	}

	ws.Crashing, ws.Clean = filepath.Join(dir, "crashing"), filepath.Join(dir, "clean")
	for i := range sz.crashes {
		// A Python atexit hook reading address 0: SIGSEGV inside
		// Py_FinalizeEx, with no compiler needed.
		crash := "import atexit, ctypes; atexit.register(ctypes.string_at, 0)"
		if err := writeCaseExit(ws.Crashing, "crash", fmt.Sprintf("c%03d", i), py, crash, "crash"); err != nil {
			return nil, err
		}
		if err := writeCase(ws.Clean, "clean", fmt.Sprintf("c%03d", i), py, "import ctypes", nil); err != nil {
			return nil, err
		}
	}

	for _, n := range sz.scale {
		root := filepath.Join(dir, fmt.Sprintf("scale%d", n))
		for i := range n {
			// 100 cases per project, as a corpus grows by upstream project.
			project := fmt.Sprintf("p%02d", i/100)
			if err := writeCase(root, project, fmt.Sprintf("c%04d", i), py, "pass", nil); err != nil {
				return nil, err
			}
		}
		ws.Scale = append(ws.Scale, root)
	}
	ws.Reduce = filepath.Join(dir, "reduce", "noisy", "abort.txtar")
	if err := writeReduceCase(ws.Reduce, py); err != nil {
		return nil, err
	}
	return ws, nil
}

// writeReduceCase writes a pure-Python crash with noise around it, so that
// workload 6 measures the reducer and the runner, not a compiler.
func writeReduceCase(file, py string) error {
	var repro strings.Builder
	repro.WriteString("import atexit, os, sys\nimport json\n")
	for i := range 18 {
		fmt.Fprintf(&repro, "v%d = json.dumps({\"i\": %d, \"p\": sys.platform})\n", i, i)
		fmt.Fprintf(&repro, "print(\"noise\", %d, len(v%d))\n", i, i)
	}
	repro.WriteString("if os.environ.get(\"BAD\"):\n    atexit.register(os.abort)\nprint(\"ok\")\n")
	text := fmt.Sprintf(`python repro.py
stdout '^ok$'
-- case.yaml --
summary: benchmark case for reduce
links: [https://github.com/cleanexit/cleanexit/issues/16]
python: %q
variants:
  regressed:
    env: {BAD: "1"}
    exit: SIGABRT
-- repro.py --
%s`, py, repro.String())
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		return err
	}
	return os.WriteFile(file, []byte(text), 0o666)
}

// writeCase writes corpus/project/name.txtar: a case that runs
// `python -c stmt` on one interpreter, with packages when pins are given.
func writeCase(corpus, project, name, py, stmt string, pins []string) error {
	return writeCaseFull(corpus, project, name, py, stmt, pins, "")
}

// writeCaseExit writes a case that expects exit.
func writeCaseExit(corpus, project, name, py, stmt, exit string) error {
	return writeCaseFull(corpus, project, name, py, stmt, nil, exit)
}

func writeCaseFull(corpus, project, name, py, stmt string, pins []string, exit string) error {
	var yaml strings.Builder
	fmt.Fprintf(&yaml, "summary: benchmark case %s/%s\n", project, name)
	yaml.WriteString("links: [https://github.com/cleanexit/cleanexit/issues/4]\n")
	fmt.Fprintf(&yaml, "python: [%q]\n", py)
	if len(pins) > 0 {
		fmt.Fprintf(&yaml, "packages: [%s]\n", strings.Join(pins, ", "))
	}
	if exit != "" {
		fmt.Fprintf(&yaml, "exit: %s\n", exit)
	}
	a := &txtar.Archive{
		Comment: fmt.Appendf(nil, "python -c '%s'\n", stmt),
		Files:   []txtar.File{{Name: "case.yaml", Data: []byte(yaml.String())}},
	}
	dir := filepath.Join(corpus, project)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name+".txtar"), txtar.Format(a), 0o666)
}
