package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cleanexit/cleanexit/toolchains"
)

func main() {
	pairsN := flag.Int("pairs", 0, "A/B pairs per comparison; 0: 15 for the warm workloads, which take a second a pair and need them on a noisy VM, 5 for the cold one")
	short := flag.Bool("short", false, "1 pair and small workloads: proves the benchmark runs, measures little")
	keep := flag.Bool("keep", false, "keep the generated workloads and print where")
	only := flag.String("only", "12345678", "the workloads to run, by number: 1 warm, 2 cold with packages, 3 warm with packages, 4 scale, 5 discovery, 6 a nanobind case, 7 reduce, 8 backtrace rerun; 9, the mlx case's environment from the package index, runs only when named (it downloads)")
	flag.Parse()
	sz := fullSizes
	if *short {
		sz = shortSizes
		if !flagSet("pairs") {
			*pairsN = 1
		}
	}
	if *pairsN < 0 {
		fmt.Fprintln(os.Stderr, "bench: -pairs must be at least 1, or 0 for each workload's default")
		os.Exit(2)
	}
	if err := benchmark(os.Stdout, *pairsN, sz, *keep, *only); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		os.Exit(1)
	}
}

func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// bench is one benchmark session: the cleanexit binary, the interpreter and
// the generated workloads.
type bench struct {
	pairs   int
	sz      sizes
	bin     string // the cleanexit binary
	python  string // the real interpreter binary, never a shim
	version string // its "3.12"
	ws      *workspace
	scratch string
}

func benchmark(w io.Writer, pairs int, sz sizes, keep bool, only string) error {
	dir, err := os.MkdirTemp("", "cleanexit-bench-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Fprintf(os.Stderr, "bench: workloads in %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
		// Interrupted, it still leaves no workloads behind (the naive
		// path's venvs hold pip: 15 MiB each).
		interrupt := make(chan os.Signal, 1)
		signal.Notify(interrupt, os.Interrupt, syscall.SIGTERM)
		go func() {
			<-interrupt
			os.RemoveAll(dir)
			os.Exit(130)
		}()
	}
	b := &bench{pairs: pairs, sz: sz, bin: filepath.Join(dir, "cleanexit"), scratch: filepath.Join(dir, "scratch")}
	if err := os.Mkdir(b.scratch, 0o777); err != nil {
		return err
	}
	build := exec.Command("go", "build", "-o", b.bin, "github.com/cleanexit/cleanexit/cmd/cleanexit")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building cleanexit: %v\n%s", err, out)
	}
	in, err := pickInterpreter(filepath.Join(dir, "discovery"))
	if err != nil {
		return err
	}
	b.python, b.version = in.RealPath, fmt.Sprintf("%d.%d", in.Major, in.Minor)
	if b.ws, err = generate(filepath.Join(dir, "work"), in.ShortVersion(), sz); err != nil {
		return err
	}

	fmt.Fprintf(w, "cleanexit benchmark, %s\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(w, "machine: %s, %d CPUs, %s/%s, %s; python %s (%s); %s\n\n",
		cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), in.Version, in.RealPath, b.pairsText())

	loadBefore := loadAvg()
	printHeader(w)
	workloads := []struct {
		ids string
		run func() ([]row, error)
	}{{"1", b.warmNoPackages}, {"2", b.coldPackages}, {"3", b.warmPackages}, {"4", b.scale}, {"5", b.discovery}, {"6", b.nanobindCase}, {"7", b.reduce}, {"8", b.backtrace}, {"9", b.indexCold}}
	for _, wl := range workloads {
		if !strings.ContainsAny(only, wl.ids) {
			continue
		}
		rs, err := wl.run()
		if err != nil {
			return err
		}
		printRows(w, rs)
	}
	fmt.Fprintf(w, "\nload average before: %s, after: %s (other work on the machine shows in wall times; CPU time ratios are steadier)\n", loadBefore, loadAvg())
	return nil
}

// Pairs per comparison when -pairs does not say. A warm comparison takes
// about a second a pair, and on a shared 2-CPU VM one side of a pair
// swings by ±15%: 15 pairs put the median within a few percent, and the
// table prints how few (medianInterval). A cold
// pair takes a minute, most of it the naive path's.
const (
	warmPairs = 15
	coldPairs = 5
)

// pairsFor is how many pairs a comparison runs: -pairs, or its default.
func (b *bench) pairsFor(def int) int {
	if b.pairs > 0 {
		return b.pairs
	}
	return def
}

func (b *bench) pairsText() string {
	if b.pairs > 0 {
		return fmt.Sprintf("%d pair(s)", b.pairs)
	}
	return fmt.Sprintf("%d pairs warm, %d cold", warmPairs, coldPairs)
}

// loadAvg is the 1-minute load average, "?" where the OS does not say.
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// pickInterpreter finds the interpreter the workloads run on: 3.12 when
// there is one (the figures are for it), else the newest regular
// CPython ≥ 3.8. Discovery resolves shims and symlinks to the real binary,
// which the baselines must run: a pyenv shim alone costs 0.4 s per start.
func pickInterpreter(cacheDir string) (*toolchains.Interpreter, error) {
	ins, err := toolchains.Discover(context.Background(), toolchains.Options{CacheDir: cacheDir})
	if err != nil {
		return nil, err
	}
	var best *toolchains.Interpreter
	for _, in := range ins {
		if in.Implementation != "cpython" || in.FreeThreaded || in.Debug || in.Major != 3 || in.Minor < 8 {
			continue
		}
		if in.Minor == 12 {
			return in, nil
		}
		if best == nil || in.Minor > best.Minor {
			best = in
		}
	}
	if best == nil {
		return nil, errors.New("no CPython ≥ 3.8 found; name one in CLEANEXIT_PYTHONS")
	}
	return best, nil
}

// cleanexit is a cleanexit command line run with its own cache.
func (b *bench) cleanexit(cache string, args ...string) process {
	return process{
		env:  []string{"CLEANEXIT_CACHE=" + cache, "NO_COLOR=1"},
		args: append([]string{b.bin}, args...),
	}
}

// runCorpus is `cleanexit run -j 2` of a whole corpus, offline.
func (b *bench) runCorpus(cache, corpus string) process {
	return b.cleanexit(cache, "run", "-j", "2", "--no-index", "--find-links", b.ws.Wheels, "--corpus", corpus, corpus)
}

// checked runs p and fails unless every one of n runs passed.
func checked(p process, n int) trial {
	return func() (time.Duration, time.Duration, error) {
		m, err := p.run()
		if err != nil {
			return 0, 0, err
		}
		if want := fmt.Sprintf("%d runs: %d PASS", n, n); !strings.Contains(m.stdout, want) {
			return 0, 0, fmt.Errorf("%s: want %q in its output:\n%s", strings.Join(p.args, " "), want, tailLines(m.stdout, 10))
		}
		return m.wall, m.cpu, nil
	}
}

// Workload 1: warm, no packages.
func (b *bench) warmNoPackages() ([]row, error) {
	n := b.sz.warmCases
	cache := filepath.Join(b.ws.Dir, "cache-warm")
	ce := checked(b.runCorpus(cache, b.ws.Warm), n)
	if _, _, err := ce(); err != nil { // warm the cache: interpreters, the bare environment
		return nil, err
	}
	loop := xargsLoop(b.python, n).timed()
	if _, _, err := loop(); err != nil { // and the page cache, for the loop
		return nil, err
	}
	p, err := alternate(b.pairsFor(warmPairs), ce, loop)
	if err != nil {
		return nil, err
	}
	rows := []row{{
		name: fmt.Sprintf("1 warm, no packages: %d runs", n), a: p.a,
		baseline: "`xargs -P2` loop, real binary", b: p.b, ratios: p.ratios(), cpuRatio: p.cpuRatio(),
		target: 1.10, cmd: "cleanexit run -j 2",
	}}
	goRows, err := b.warmThroughGoTest(cache, loop)
	if err != nil {
		return nil, err
	}
	sandboxRows, err := b.sandboxRows(cache, loop, ce)
	if err != nil {
		return nil, err
	}
	rows = append(append(rows, goRows...), sandboxRows...)
	if b.sz.peers {
		rows = append(rows, b.peerRows(ce)...)
	}
	return rows, nil
}

// passedRun is a run's line in `go test -v` output; its parents (case,
// variant) print lines of their own, without the /<variant>/<python> tail.
var passedRun = regexp.MustCompile(`(?m)--- PASS: TestCorpus/trivial/c\d+/default/\S+ `)

// warmThroughGoTest is workload 1 run the way most users run the corpus,
// `go test ./corpus/...`, on the same generated corpus (CLEANEXIT_CORPUS).
// The target is for the test binary that go test builds and starts; the
// go command's own cost on top (build checks, the test cache, starting
// the binary) is fixed per invocation, so it is measured apart: go test
// against that binary, pair by pair.
func (b *bench) warmThroughGoTest(cache string, loop trial) ([]row, error) {
	n := b.sz.warmCases
	const pkg = "github.com/cleanexit/cleanexit/corpus"
	bin := filepath.Join(b.scratch, "corpus.test")
	build := exec.Command("go", "test", "-c", "-o", bin, pkg)
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the corpus test binary: %v\n%s", err, out)
	}
	env := []string{"CLEANEXIT_CACHE=" + cache, "CLEANEXIT_CORPUS=" + b.ws.Warm, "NO_COLOR=1"}
	testBin := process{env: env, args: []string{bin, "-test.run", "^TestCorpus$", "-test.v"}}
	passedAll := func() (time.Duration, time.Duration, error) {
		m, err := testBin.run()
		if err != nil {
			return 0, 0, err
		}
		if got := len(passedRun.FindAllString(m.stdout, -1)); got != n {
			return 0, 0, fmt.Errorf("corpus.test: %d of %d runs passed:\n%s", got, n, tailLines(m.stdout, 10))
		}
		return m.wall, m.cpu, nil
	}
	goTest := process{env: env, args: []string{"go", "test", "-count=1", "-run", "^TestCorpus$", pkg}}.timed()
	if _, _, err := goTest(); err != nil { // warm go's build cache for the package
		return nil, err
	}
	p, err := alternate(b.pairsFor(warmPairs), passedAll, loop)
	if err != nil {
		return nil, err
	}
	g, err := alternate(b.pairsFor(coldPairs), goTest, passedAll)
	if err != nil {
		return nil, err
	}
	return []row{
		{name: fmt.Sprintf("1 warm, %d runs through `go test`'s binary", n), a: p.a,
			baseline: "`xargs -P2` loop, real binary", b: p.b, ratios: p.ratios(), cpuRatio: p.cpuRatio(),
			target: 1.10, cmd: "corpus.test -test.run TestCorpus (go test -c)"},
		{name: "1 warm, the `go` command's fixed cost (information)", a: g.a,
			baseline: "the test binary alone", b: g.b, ratios: g.ratios(),
			note: "go test costs " + secs(median(g.a)-median(g.b)) + " more, once per invocation",
			cmd:  "go test -count=1 ./corpus with CLEANEXIT_CORPUS"},
	}, nil
}

// Workload 2: cold, with packages: every run starts from an empty cache.
func (b *bench) coldPackages() ([]row, error) {
	n := b.sz.pkgCases
	var builds, floors []time.Duration
	var installer string
	cold := func() (time.Duration, time.Duration, error) {
		cache, err := os.MkdirTemp(b.scratch, "cache-cold-")
		if err != nil {
			return 0, 0, err
		}
		defer os.RemoveAll(cache)
		d, cpu, err := checked(b.runCorpus(cache, b.ws.Pkgs), n)()
		if err != nil {
			return 0, 0, err
		}
		slowest, inst, err := envBuildTimes(cache)
		if err != nil {
			return 0, 0, err
		}
		builds, installer = append(builds, slowest), inst
		return d, cpu, nil
	}
	naive := naivePath(b.python, b.ws, b.scratch)
	floor := floorCold(b.python, b.version, b.ws, b.scratch)
	// The floor is timed beside each naive path, so that its row too
	// compares cleanexit pair by pair with a measurement of the same time.
	naiveThenFloor := func() (time.Duration, time.Duration, error) {
		d, cpu, err := naive()
		if err != nil {
			return 0, 0, err
		}
		f, _, err := floor()
		floors = append(floors, f)
		return d, cpu, err
	}
	coldP, err := alternate(b.pairsFor(coldPairs), cold, naiveThenFloor)
	if err != nil {
		return nil, err
	}
	coldFloor := pairs{a: coldP.a, b: floors}
	return []row{
		{name: fmt.Sprintf("2 cold, %d runs over %d package sets", n, len(packageSets)), a: coldP.a,
			baseline: "`python -m venv` + its pip, per case", b: coldP.b, ratios: coldP.ratios(), cpuRatio: coldP.cpuRatio(),
			target: 0.25, cmd: "cleanexit run -j 2 --no-index --find-links W (empty cache)"},
		{name: "2 cold, against the floor (information)", a: coldFloor.a,
			baseline: "`venv --without-pip` + unzip wheels, runs -P2", b: coldFloor.b, ratios: coldFloor.ratios(),
			cmd: "same"},
		{name: "2 cold, slowest environment build (" + installer + ")", a: builds,
			limit: time.Second, cmd: "build_ns in cleanexit-env.json"},
	}, nil
}

// Workload 3: warm, with packages.
func (b *bench) warmPackages() ([]row, error) {
	n := b.sz.pkgCases
	cache := filepath.Join(b.ws.Dir, "cache-pkgs")
	warm := checked(b.runCorpus(cache, b.ws.Pkgs), n)
	if _, _, err := warm(); err != nil {
		return nil, err
	}
	pythons, _, err := floorEnvs(b.python, b.version, b.ws, filepath.Join(b.ws.Dir, "floor-envs"))
	if err != nil {
		return nil, err
	}
	runs := floorRuns(pythons, b.ws)
	if _, _, err := runs(); err != nil {
		return nil, err
	}
	warmP, err := alternate(b.pairsFor(warmPairs), warm, runs)
	if err != nil {
		return nil, err
	}
	return []row{
		{name: fmt.Sprintf("3 warm, the same %d runs", n), a: warmP.a,
			baseline: "those runs on unzipped-wheel venvs, -P2", b: warmP.b, ratios: warmP.ratios(), cpuRatio: warmP.cpuRatio(),
			target: 1.15, cmd: "cleanexit run -j 2 --no-index --find-links W (second run)"},
	}, nil
}

// envBuildTimes reads how long the slowest environment of a cache took to
// build, and with what, from the markers the cache writes (the same record
// `cleanexit cache list` reads).
func envBuildTimes(cache string) (slowest time.Duration, installer string, err error) {
	markers, _ := filepath.Glob(filepath.Join(cache, "envs", "*", "cleanexit-env.json"))
	if len(markers) == 0 {
		return 0, "", fmt.Errorf("no environment was built in %s", cache)
	}
	for _, path := range markers {
		data, err := os.ReadFile(path)
		if err != nil {
			return 0, "", err
		}
		var m struct {
			BuildNanos int64    `json:"build_ns"`
			Installer  string   `json:"installer"`
			Installed  []string `json:"installed"`
		}
		if err := json.Unmarshal(data, &m); err != nil {
			return 0, "", fmt.Errorf("%s: %v", path, err)
		}
		if len(m.Installed) > 0 {
			installer = strings.Fields(m.Installer + " ?")[0]
		}
		slowest = max(slowest, time.Duration(m.BuildNanos))
	}
	return slowest, installer, nil
}

// Workload 4: scale.
func (b *bench) scale() ([]row, error) {
	cache := filepath.Join(b.ws.Dir, "cache-scale")
	largest := b.ws.Scale[len(b.ws.Scale)-1]
	nLargest := b.sz.scale[len(b.sz.scale)-1]
	list := b.cleanexit(cache, "list", "--corpus", largest, largest)
	check := b.cleanexit(cache, "check", "--corpus", largest, largest)
	if _, err := list.run(); err != nil { // warm: interpreter identities
		return nil, err
	}
	lists, err := repeat(b.pairsFor(coldPairs), list.timed())
	if err != nil {
		return nil, err
	}
	checks, err := repeat(b.pairsFor(coldPairs), check.timed())
	if err != nil {
		return nil, err
	}

	// The corpus run sizes are measured in rounds, smallest to largest, so
	// that each size sees the same drift in load.
	reps := min(b.pairsFor(coldPairs), 3)
	walls := make([][]time.Duration, len(b.sz.scale))
	var peak int64
	peakKnown := true
	for range reps {
		for i, corpus := range b.ws.Scale {
			n := b.sz.scale[i]
			p := b.runCorpus(cache, corpus)
			m, err := p.run()
			if err != nil {
				return nil, err
			}
			if want := fmt.Sprintf("%d runs: %d PASS", n, n); !strings.Contains(m.stdout, want) {
				return nil, fmt.Errorf("scale %d: want %q:\n%s", n, want, tailLines(m.stdout, 10))
			}
			walls[i] = append(walls[i], m.wall)
			if n == nLargest {
				peak, peakKnown = max(peak, m.maxRSS), peakKnown && m.rssKnown
			}
		}
	}
	var per []string
	for i, n := range b.sz.scale {
		per = append(per, fmt.Sprintf("%d: %.1f ms", n, float64(median(walls[i]))/float64(time.Millisecond)/float64(n)))
	}
	// The marginal cost of a case between sizes: flat means the same
	// milliseconds per added case from small to large.
	marginal := func(i, j int) float64 {
		dt := float64(median(walls[j]) - median(walls[i]))
		return dt / float64(time.Millisecond) / float64(b.sz.scale[j]-b.sz.scale[i])
	}
	m1, m2 := marginal(0, 1), marginal(1, 2)
	rows := []row{
		{name: fmt.Sprintf("4 `cleanexit list`, %d cases", nLargest), a: lists, limit: time.Second, cmd: "cleanexit list"},
		{name: fmt.Sprintf("4 `cleanexit check`, %d cases", nLargest), a: checks, limit: 2 * time.Second, cmd: "cleanexit check"},
		peakRow(nLargest, peak, peakKnown),
		{name: "4 run time per case by corpus size", note: strings.Join(per, ", ") +
			fmt.Sprintf("; marginal %.1f → %.1f ms/case (×%.2f)", m1, m2, m2/m1),
			met: m2/m1 <= 1.25, judged: true, cmd: "cleanexit run -j 2"},
	}
	return rows, nil
}

// peakRow is workload 4's memory row: judged against its 200 MiB limit
// where the peak was measured, and otherwise saying so, with no verdict.
func peakRow(cases int, peak int64, known bool) row {
	r := row{name: fmt.Sprintf("4 `cleanexit run`, %d cases, peak RSS", cases), cmd: "cleanexit run -j 2 (getrusage maxrss)"}
	if !known {
		r.note = "not measured: getrusage reports no peak RSS on " + runtime.GOOS
		return r
	}
	r.memory, r.memLimit = peak, 200<<20
	return r
}

// Workload 5: interpreter discovery, warm, in-process (the cost a
// cleanexit process pays once).
func (b *bench) discovery() ([]row, error) {
	cache := filepath.Join(b.ws.Dir, "cache-discovery")
	discover := func() (time.Duration, time.Duration, error) {
		start := time.Now()
		_, err := toolchains.Discover(context.Background(), toolchains.Options{CacheDir: cache})
		return time.Since(start), 0, err
	}
	coldT, _, err := discover()
	if err != nil {
		return nil, err
	}
	warm, err := repeat(max(b.pairsFor(coldPairs), 5), discover)
	if err != nil {
		return nil, err
	}
	return []row{{name: "5 interpreter discovery, warm", a: warm, limit: 50 * time.Millisecond,
		note: "cold: " + secs(coldT), cmd: "toolchains.Discover"}}, nil
}

// reduceSummary is reduce's last line: "40 → 3 lines: 52 tests (… ) in 9.1s".
var reduceSummary = regexp.MustCompile(`(?m)^\d+ → (\d+) lines: (\d+) tests \(`)

// Workload 7: `cleanexit reduce` of a 40-statement repro, warm: tests per
// second of a reduction (each test a run of the case, as run makes it).
func (b *bench) reduce() ([]row, error) {
	cache := filepath.Join(b.ws.Dir, "cache-reduce")
	p := b.cleanexit(cache, "reduce", "-j", "2", "--progress", "off", "--no-index", b.ws.Reduce)
	if _, err := p.run(); err != nil { // warm: the environment, interpreters
		return nil, err
	}
	var walls []time.Duration
	var rates []float64
	tests := 0
	for range b.pairsFor(3) {
		m, err := p.run()
		if err != nil {
			return nil, err
		}
		sm := reduceSummary.FindStringSubmatch(m.stdout)
		if sm == nil {
			return nil, fmt.Errorf("reduce printed no summary:\n%s", tailLines(m.stdout, 10))
		}
		if sm[1] != "4" {
			return nil, fmt.Errorf("reduce left %s lines, want 4:\n%s", sm[1], tailLines(m.stdout, 20))
		}
		tests, _ = strconv.Atoi(sm[2])
		walls = append(walls, m.wall)
		rates = append(rates, float64(tests)/m.wall.Seconds())
	}
	return []row{{name: fmt.Sprintf("7 reduce, 41 lines to 4: %d tests", tests), a: walls,
		note: fmt.Sprintf("%.1f tests/s (median)", median(rates)), cmd: "cleanexit reduce -j 2"}}, nil
}

// cpuModel names the processor for the table's header, as the reports do.
func cpuModel() string {
	h := toolchains.DetectHost(context.Background(), toolchains.Options{LazyCompiler: true})
	if h.CPUModel == "" {
		return runtime.GOARCH
	}
	return h.CPUModel
}
