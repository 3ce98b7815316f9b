package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
)

// nanobindCorpusCases are the corpus's cases built against real nanobind:
// the MLX and MLIR twins, two variants each on every interpreter from 3.10.
var nanobindCorpusCases = []string{"mlx/compile-cache-nanobind.txtar", "mlir/thread-local-context-stack.txtar"}

// nanobindCorpus is workload 6's realistic warm row: those cases, their
// modules and environments cached, against the same python processes run
// bare two at a time. Each bare process is one of cleanexit's as it ran
// it (interpreter, -X faulthandler, folder, script, environment), read
// from a run kept with --keep-work, and checked to end as that run did
// before it is timed. --backtrace off: a bare loop reruns no crash under
// a debugger.
func (b *bench) nanobindCorpus(wheels string) ([]row, error) {
	const name = "6 warm nanobind corpus cases"
	dir := filepath.Join(b.ws.Dir, "nanobind-corpus")
	corpus := filepath.Join(dir, "corpus")
	for _, c := range nanobindCorpusCases {
		data, err := os.ReadFile(filepath.Join("corpus", c))
		if err != nil {
			return []row{{name: name, note: "skipped: run the benchmark from the module's root (" + err.Error() + ")"}}, nil
		}
		dst := filepath.Join(corpus, c)
		if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, data, 0o666); err != nil {
			return nil, err
		}
	}
	cache := filepath.Join(dir, "cache")
	args := []string{"run", "-j", "2", "--backtrace", "off", "--no-index", "--find-links", wheels, "--corpus", corpus}
	ce := allPassed(b.cleanexit(cache, append(args, corpus)...))
	if _, _, err := ce(); err != nil { // environments and modules, built once
		return nil, err
	}
	report := filepath.Join(dir, "kept.json")
	kept := b.cleanexit(cache, append(args, "--keep-work", "--json", report, corpus)...)
	if _, _, err := allPassed(kept)(); err != nil {
		return nil, err
	}
	lines, err := bareRuns(report, cache)
	if err != nil {
		return nil, err
	}
	list := filepath.Join(dir, "bare-runs")
	if err := os.WriteFile(list, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		return nil, err
	}
	// A crash is the buggy variant's expected end: xargs then exits 123,
	// which says nothing here (bareRuns checked every end).
	loop := process{args: []string{"sh", "-c", "xargs -P2 -L1 env -i < " + shellQuote(list) + "; exit 0"}}.timed()
	p, err := alternate(b.pairsFor(warmPairs), ce, loop)
	if err != nil {
		return nil, err
	}
	return []row{{
		name: fmt.Sprintf("%s, %d runs", name, len(lines)), a: p.a,
		baseline: "the same python processes, `xargs -P2`", b: p.b, ratios: p.ratios(), cpuRatio: p.cpuRatio(),
		target: 1.05, cmd: "cleanexit run -j 2 --backtrace off " + strings.Join(nanobindCorpusCases, " "),
	}}, nil
}

// keptRun is what bareRuns reads of one result of the JSON report.
type keptRun struct {
	ID     string `json:"id"`
	Actual string `json:"actual"`
	Work   string `json:"work"`
	EnvKey string `json:"env_key"`
}

// bareRuns turns the kept runs of report into `env -i` argument lines,
// one python process each, and runs each once, checking that it ends as
// cleanexit saw it end.
func bareRuns(report, cache string) ([]string, error) {
	data, err := os.ReadFile(report)
	if err != nil {
		return nil, err
	}
	var r struct{ Results []keptRun }
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", report, err)
	}
	var lines []string
	for _, k := range r.Results {
		if k.Work == "" || k.EnvKey == "" || strings.ContainsAny(k.Work+cache, " \t\n'\"\\") {
			return nil, fmt.Errorf("%s: run %s has no kept folder or environment key usable in a bare line", report, k.ID)
		}
		env := filepath.Join(cache, "envs", k.EnvKey)
		python := filepath.Join(env, "bin", "python")
		fields := []string{"-C", k.Work, "PATH=" + filepath.Join(env, "bin") + ":/usr/bin:/bin", "HOME=/no-home", "LANG=C.UTF-8",
			"TMPDIR=" + filepath.Join(k.Work, ".tmp"), "VIRTUAL_ENV=" + env, python, "-X", "faulthandler", "repro.py"}
		err := exec.Command("env", append([]string{"-i"}, fields...)...).Run()
		if got := bareEnd(err); got != k.Actual {
			return nil, fmt.Errorf("bare run of %s ended %s; cleanexit saw %q", k.ID, got, k.Actual)
		}
		lines = append(lines, strings.Join(fields, " "))
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: no runs", report)
	}
	return lines, nil
}

// bareEnd is how a bare run ended, in exitstatus's words.
func bareEnd(err error) string {
	s, _ := exitstatus.FromError(err)
	return s.String()
}

// passedLine is cleanexit run's summary line.
var passedLine = regexp.MustCompile(`(?m)^(\d+) runs: (\d+) PASS[ (]`)

// allPassed runs p and fails unless every run it made passed, however
// many the interpreters here make.
func allPassed(p process) trial {
	return func() (time.Duration, time.Duration, error) {
		m, err := p.run()
		if err != nil {
			return 0, 0, err
		}
		s := passedLine.FindStringSubmatch(m.stdout)
		if s == nil || s[1] != s[2] {
			return 0, 0, fmt.Errorf("%s: want every run to PASS:\n%s", strings.Join(p.args, " "), tailLines(m.stdout, 10))
		}
		if n, _ := strconv.Atoi(s[1]); n == 0 {
			return 0, 0, fmt.Errorf("%s: no runs", strings.Join(p.args, " "))
		}
		return m.wall, m.cpu, nil
	}
}
