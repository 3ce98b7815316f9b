package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Workload 9 is the one that needs the package index: the environment of
// the mlx Linux case (corpus/mlx/compile-cache-exit-linux.txtar, mlx[cpu]
// from the index, about 11 MB of wheels) built cold by cleanexit with pip
// and with uv, each beside what a person types instead, `python -m venv &&
// pip install` and `uv venv && uv pip install`. Both sides of a pair start
// from the same cache state: all empty, or all holding the wheels already
// (cleanexit's download folder and its own pip and uv caches, the bare
// pip's and uv's caches) and what each tool knows of the interpreters
// (cleanexit's identities, uv's interpreter cache). It runs only when asked
// for (-only 9), since it downloads; the uv rows need uv on PATH or in
// $CLEANEXIT_BENCH_UV.

// mlxSpec is what both sides install.
const mlxSpec = "mlx[cpu]==0.32.2"

// mlxProgram is what both sides run once the environment is there.
const mlxProgram = "import mlx.core as mx; print(mx.array([1.0]).tolist())"

// mlxCorpus writes a one-case corpus of the mlx environment for python
// version v.
func mlxCorpus(dir, v string) (string, error) {
	corpus := filepath.Join(dir, "mlx-corpus")
	text := fmt.Sprintf(`python -c '%s'
stdout '^\[1\.0\]$'
-- case.yaml --
summary: the mlx Linux case's environment, for the benchmark
links: [https://github.com/ml-explore/mlx/issues/4327]
python: "%s"
packages:
  - %s
`, mlxProgram, v, mlxSpec)
	if err := os.MkdirAll(filepath.Join(corpus, "mlx"), 0o777); err != nil {
		return "", err
	}
	return corpus, os.WriteFile(filepath.Join(corpus, "mlx", "env.txtar"), []byte(text), 0o666)
}

// findUV is the uv the uv rows use, or "".
func findUV() string {
	if p := os.Getenv("CLEANEXIT_BENCH_UV"); p != "" {
		return p
	}
	p, _ := exec.LookPath("uv")
	return p
}

// cacheState is where one trial's caches live: cleanexit's, pip's and uv's.
type cacheState struct{ cleanexit, pip, uv string }

// newState makes empty caches, or, with primed set, caches that hold what
// primed holds, linked file by file: cleanexit's download folder and
// installer caches, the bare pip's and uv's caches, and cleanexit's
// interpreter identities, as uv's cache holds its own (interpreter-v*).
// cleanexit's environments are left behind: the build is what is timed.
func (b *bench) newState(primed *cacheState) (cacheState, error) {
	root, err := os.MkdirTemp(b.scratch, "index-")
	if err != nil {
		return cacheState{}, err
	}
	s := cacheState{filepath.Join(root, "cleanexit"), filepath.Join(root, "pip"), filepath.Join(root, "uv")}
	if primed != nil {
		var links [][2]string
		for _, name := range []string{"downloads", "installers"} {
			links = append(links, [2]string{filepath.Join(primed.cleanexit, name), filepath.Join(s.cleanexit, name)})
		}
		for _, p := range append(links, [2]string{primed.pip, s.pip}, [2]string{primed.uv, s.uv}) {
			if err := linkTree(p[0], p[1]); err != nil {
				return s, err
			}
		}
		if err := os.MkdirAll(s.cleanexit, 0o777); err != nil {
			return s, err
		}
		for _, name := range identityFiles {
			if err := os.Link(filepath.Join(primed.cleanexit, name), filepath.Join(s.cleanexit, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return s, err
			}
		}
	}
	return s, nil
}

// identityFiles are what cleanexit's cache knows of this machine's
// interpreters and compiler, beside the environments.
var identityFiles = []string{"identities.json", "identities.json.sha256", "scans.json", "scans.json.sha256", "compiler.json"}

// linkTree recreates from's folders under to, hard-linking its files and
// copying its links.
func linkTree(from, to string) error {
	return filepath.Walk(from, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		switch {
		case info.IsDir():
			return os.MkdirAll(dst, 0o777)
		case info.Mode().IsRegular():
			return os.Link(path, dst)
		case info.Mode()&os.ModeSymlink != 0:
			// uv points at an unpacked wheel by a link (wheels-v*/…)
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		}
		return nil
	})
}

// indexEnv is the environment of every side: the caches of s, and PATH
// with uv's folder first when the side uses uv.
func indexEnv(s cacheState, uv string) []string {
	env := append([]string{"CLEANEXIT_CACHE=" + s.cleanexit, "PIP_CACHE_DIR=" + s.pip, "UV_CACHE_DIR=" + s.uv, "NO_COLOR=1"}, baselineEnv...)
	if uv != "" {
		env = append(env, "PATH="+filepath.Dir(uv)+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	return env
}

// indexTrial is one side's trial: steps run one after another in fresh caches
// (or primed ones), timed together; the caches are removed afterwards.
func (b *bench) indexTrial(primed *cacheState, steps func(s cacheState, dir string) []process, check func(stdout string) error) trial {
	return func() (time.Duration, time.Duration, error) {
		s, err := b.newState(primed)
		if err != nil {
			return 0, 0, err
		}
		defer os.RemoveAll(filepath.Dir(s.cleanexit))
		var wall, cpu time.Duration
		var last measured
		for _, p := range steps(s, filepath.Dir(s.cleanexit)) {
			if last, err = p.run(); err != nil {
				return 0, 0, err
			}
			wall, cpu = wall+last.wall, cpu+last.cpu
		}
		if err := check(last.stdout); err != nil {
			return 0, 0, err
		}
		return wall, cpu, nil
	}
}

func wantOutput(want string) func(string) error {
	return func(stdout string) error {
		if !strings.Contains(stdout, want) {
			return fmt.Errorf("want %q in the output:\n%s", want, tailLines(stdout, 10))
		}
		return nil
	}
}

// indexCold is workload 9.
func (b *bench) indexCold() ([]row, error) {
	corpus, err := mlxCorpus(b.scratch, b.version)
	if err != nil {
		return nil, err
	}
	uv := findUV()
	cleanexitSide := func(installer string, primed *cacheState) trial {
		useUV := ""
		if installer == "uv" {
			useUV = uv
		}
		return b.indexTrial(primed, func(s cacheState, _ string) []process {
			return []process{{env: indexEnv(s, useUV), args: []string{b.bin, "run", "--installer", installer, "--corpus", corpus, corpus}}}
		}, wantOutput("1 runs: 1 PASS"))
	}
	barePip := func(primed *cacheState) trial {
		return b.indexTrial(primed, func(s cacheState, dir string) []process {
			venv := filepath.Join(dir, "venv")
			return []process{
				{env: indexEnv(s, ""), args: []string{b.python, "-m", "venv", venv}},
				{env: indexEnv(s, ""), args: []string{filepath.Join(venv, "bin", "pip"), "install", "-q", mlxSpec}},
				{env: indexEnv(s, ""), args: []string{filepath.Join(venv, "bin", "python"), "-c", mlxProgram}},
			}
		}, wantOutput("[1.0]"))
	}
	// bareUV is what a person types; with compile set, it also compiles
	// the packages' bytecode at install time, as cleanexit's uv builds do
	// (envs.uvInstallArgs), so that the gap between the two rows is
	// cleanexit's own, not work the bare side leaves to the first import.
	bareUV := func(primed *cacheState, compile bool) trial {
		install := []string{uv, "pip", "install", "-q"}
		if compile {
			install = append(install, "--compile-bytecode")
		}
		return b.indexTrial(primed, func(s cacheState, dir string) []process {
			venv := filepath.Join(dir, "venv")
			return []process{
				{env: indexEnv(s, uv), args: []string{uv, "venv", "-q", "--python", b.python, venv}},
				{env: indexEnv(s, uv), args: append(slices.Clip(install), "--python", filepath.Join(venv, "bin", "python"), mlxSpec)},
				{env: indexEnv(s, uv), args: []string{filepath.Join(venv, "bin", "python"), "-c", mlxProgram}},
			}
		}, wantOutput("[1.0]"))
	}

	// The primed state: one cleanexit run with each installer fills its
	// download folder and installer caches (its own: cleanexit seals them,
	// and reads neither pip's nor uv's), and one bare install with each
	// fills pip's and uv's caches with what they keep.
	primedRoot, err := b.newState(nil)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(filepath.Dir(primedRoot.cleanexit))
	primeVenv := filepath.Join(filepath.Dir(primedRoot.cleanexit), "venv")
	prime := []process{
		{env: indexEnv(primedRoot, ""), args: []string{b.bin, "run", "--installer", "pip", "--corpus", corpus, corpus}},
		{env: indexEnv(primedRoot, ""), args: []string{b.python, "-m", "venv", primeVenv + "-pip"}},
		{env: indexEnv(primedRoot, ""), args: []string{filepath.Join(primeVenv+"-pip", "bin", "pip"), "install", "-q", mlxSpec}},
	}
	if uv != "" {
		prime = append(prime,
			process{env: indexEnv(primedRoot, uv), args: []string{b.bin, "run", "--installer", "uv", "--corpus", corpus, corpus}},
			process{env: indexEnv(primedRoot, uv), args: []string{uv, "venv", "-q", "--python", b.python, primeVenv + "-uv"}},
			process{env: indexEnv(primedRoot, uv), args: []string{uv, "pip", "install", "-q", "--python", filepath.Join(primeVenv+"-uv", "bin", "python"), mlxSpec}})
	}
	for _, p := range prime {
		// An environment's key does not name its installer: without this,
		// the uv run would find the pip run's environment and leave uv's
		// cache empty, and the "downloaded" uv rows would time empty ones.
		if p.args[0] == b.bin {
			os.RemoveAll(filepath.Join(primedRoot.cleanexit, "envs"))
		}
		if _, err := p.run(); err != nil {
			return nil, err
		}
	}
	// A warm rerun: the environment is there, and nothing is installed.
	rerun := process{env: indexEnv(primedRoot, ""), args: []string{b.bin, "run", "--installer", "pip", "--time-tests", "--corpus", corpus, corpus}}
	warm, err := rerun.run()
	if err != nil {
		return nil, err
	}
	if !strings.Contains(warm.stdout, "Environments built: none") {
		return nil, fmt.Errorf("the warm rerun built an environment:\n%s", tailLines(warm.stdout, 10))
	}

	// Nine pairs: a side's time swings by a tenth of a second with how fast
	// the index answers uv's revalidations, and a median of fewer sits on it.
	n := b.pairsFor(9)
	var rows []row
	for _, state := range []struct {
		name   string
		primed *cacheState
	}{{"empty caches", nil}, {"wheels already downloaded", &primedRoot}} {
		pipP, err := alternate(n, cleanexitSide("pip", state.primed), barePip(state.primed))
		if err != nil {
			return nil, err
		}
		rows = append(rows, row{name: "9 cold mlx env, pip, " + state.name, a: pipP.a,
			baseline: "`python -m venv` + `pip install " + mlxSpec + "`", b: pipP.b, ratios: pipP.ratios(), cpuRatio: pipP.cpuRatio(),
			target: 1.0, cmd: "cleanexit run --installer pip (one case, " + mlxSpec + ")"})
		if uv == "" {
			continue
		}
		uvP, err := alternate(n, cleanexitSide("uv", state.primed), bareUV(state.primed, false))
		if err != nil {
			return nil, err
		}
		rows = append(rows, row{name: "9 cold mlx env, uv, " + state.name, a: uvP.a,
			baseline: "`uv venv` + `uv pip install " + mlxSpec + "`", b: uvP.b, ratios: uvP.ratios(), cpuRatio: uvP.cpuRatio(),
			target: 1.2, cmd: "cleanexit run --installer uv (one case, " + mlxSpec + ")"})
		sameP, err := alternate(n, cleanexitSide("uv", state.primed), bareUV(state.primed, true))
		if err != nil {
			return nil, err
		}
		rows = append(rows, row{name: "9 cold mlx env, uv, " + state.name + ", the same work (information)", a: sameP.a,
			baseline: "the same, `uv pip install --compile-bytecode`", b: sameP.b, ratios: sameP.ratios(), cpuRatio: sameP.cpuRatio(),
			cmd: "cleanexit run --installer uv (one case, " + mlxSpec + ")"})
	}
	rows = append(rows, row{name: "9 warm rerun of the mlx case: nothing installed", a: []time.Duration{warm.wall},
		cmd: "cleanexit run, the environment cached"})
	return rows, nil
}
