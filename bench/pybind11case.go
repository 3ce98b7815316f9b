package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/toolchains"
)

// Workload 6, pybind11: a case of two variants on two interpreters, four
// builds, the shape issue reports' cases take. Cold, against the same four
// g++ builds of the same files with build-ext's flags, two at a time
// (xargs -P2, cleanexit's -j 2), so that parallelism alone is no gain;
// warm, build-ext's own time per module from the build cache. pybind11 is
// header-only: unlike nanobind's library, nothing in these builds is the
// same twice for cleanexit to build once.
func (b *bench) pybind11Case(cxx, wheels string) ([]row, error) {
	const name = "6 pybind11 case"
	pys, err := twoInterpreters(filepath.Join(b.ws.Dir, "discovery-pybind11"), b.python)
	if err != nil {
		return []row{{name: name, note: "skipped: " + err.Error()}}, nil
	}
	dir := filepath.Join(b.ws.Dir, "pybind11")
	corpus := filepath.Join(dir, "corpus")
	if err := os.MkdirAll(filepath.Join(corpus, "pb"), 0o777); err != nil {
		return nil, err
	}
	versions := make([]string, len(pys))
	for i, in := range pys {
		versions[i] = fmt.Sprintf("%q", fmt.Sprintf("%d.%d", in.Major, in.Minor))
	}
	text := fmt.Sprintf(pybind11CaseText, strings.Join(versions, ", "))
	if err := os.WriteFile(filepath.Join(corpus, "pb", "static-cache.txtar"), []byte(text), 0o666); err != nil {
		return nil, err
	}
	cache := filepath.Join(dir, "cache")
	run := b.cleanexit(cache, "run", "-v", "-j", "2", "--backtrace", "off", "--no-index", "--find-links", wheels, "--corpus", corpus, corpus)
	if _, _, err := checked(run, 4)(); err != nil { // the environments, built once
		return nil, err
	}
	cold := func() (time.Duration, time.Duration, error) {
		if err := os.RemoveAll(filepath.Join(cache, "ext")); err != nil {
			return 0, 0, err
		}
		return checked(run, 4)()
	}
	bare, err := barePybind11Builds(cxx, wheels, dir, pys)
	if err != nil {
		return nil, err
	}
	coldP, err := alternate(b.pairsFor(coldPairs), cold, bare)
	if err != nil {
		return nil, err
	}
	warm, err := b.warmModules(run, 4)
	if err != nil {
		return nil, err
	}
	return []row{
		{name: "6 cold pybind11 case, 2 variants × 2 pythons", a: coldP.a,
			baseline: "the four bare `c++` builds, two at a time", b: coldP.b, ratios: coldP.ratios(), cpuRatio: coldP.cpuRatio(),
			target: 0.6, cmd: "cleanexit run -j 2 --no-index --find-links ../shared/wheels (empty build cache)"},
		{name: "6 warm pybind11 case: build-ext, per module", a: warm,
			limit: 20 * time.Millisecond, cmd: "build-ext's \"from the build cache in\" line"},
	}, nil
}

// twoInterpreters is python's interpreter and the newest other regular
// CPython ≥ 3.8 discovery finds.
func twoInterpreters(cacheDir, python string) ([]*toolchains.Interpreter, error) {
	ins, err := toolchains.Discover(context.Background(), toolchains.Options{CacheDir: cacheDir})
	if err != nil {
		return nil, err
	}
	regular := func(in *toolchains.Interpreter) bool {
		return in.Implementation == "cpython" && !in.FreeThreaded && !in.Debug && in.Major == 3 && in.Minor >= 8
	}
	var first, other *toolchains.Interpreter
	for _, in := range ins {
		if regular(in) && in.RealPath == python {
			first = in
		}
	}
	if first == nil {
		return nil, fmt.Errorf("discovery does not find %s", python)
	}
	for _, in := range ins {
		if regular(in) && in.Minor != first.Minor && (other == nil || in.Minor > other.Minor) {
			other = in
		}
	}
	if other == nil {
		return nil, fmt.Errorf("needs a second CPython minor ≥ 3.8 beside %s", python)
	}
	return []*toolchains.Interpreter{first, other}, nil
}

// barePybind11Builds is the baseline: pybind11 unpacked from its wheel,
// and each of the four modules built by one compiler invocation with
// build-ext's flags, two at a time.
func barePybind11Builds(cxx, wheels, dir string, pys []*toolchains.Interpreter) (trial, error) {
	whl, _ := filepath.Glob(filepath.Join(wheels, "pybind11-*.whl"))
	if len(whl) == 0 {
		return nil, fmt.Errorf("no pybind11 wheel in %s", wheels)
	}
	pkg := filepath.Join(dir, "unpacked")
	if err := unzip(whl[0], pkg); err != nil {
		return nil, err
	}
	src := filepath.Join(dir, "holder.cpp")
	if err := os.WriteFile(src, []byte(pybind11Source), 0o666); err != nil {
		return nil, err
	}
	var lines, outputs []string
	for i, in := range pys {
		out, err := exec.Command(in.RealPath, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])").Output()
		if err != nil {
			return nil, fmt.Errorf("asking %s for its include folder: %v", in.RealPath, err)
		}
		for j, flag := range []string{"-DFIX", "-DNOFIX"} {
			so := filepath.Join(dir, fmt.Sprintf("bare%d%d.so", i, j))
			args := []string{cxx, "-shared", "-fPIC", "-O1", "-g", "-std=c++17", "-I" + strings.TrimSpace(string(out)),
				"-I" + filepath.Join(pkg, "pybind11", "include"), src, flag, "-o", so}
			lines, outputs = append(lines, shellQuoteAll(args)), append(outputs, so)
		}
	}
	return twoAtATime(filepath.Join(dir, "bare-builds"), lines, outputs)
}

// twoAtATime is the trial of command lines run two at a time (xargs -P2):
// each trial removes outputs first and fails unless every one is there
// after, so that a baseline that built nothing cannot pass for a fast one.
func twoAtATime(list string, lines, outputs []string) (trial, error) {
	if err := os.WriteFile(list, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		return nil, err
	}
	p := process{args: []string{"sh", "-c", "xargs -P2 -L1 env < " + shellQuote(list)}}
	return func() (time.Duration, time.Duration, error) {
		for _, o := range outputs {
			os.Remove(o)
		}
		m, err := p.run()
		if err != nil {
			return 0, 0, err
		}
		for _, o := range outputs {
			if _, err := os.Stat(o); err != nil {
				return 0, 0, fmt.Errorf("%s built no %s", list, o)
			}
		}
		return m.wall, m.cpu, nil
	}, nil
}

// warmModules runs p n times warm and returns build-ext's time for each
// module it took from the build cache, n of them a run.
func (b *bench) warmModules(p process, n int) ([]time.Duration, error) {
	var warm []time.Duration
	for range b.pairsFor(warmPairs) {
		m, err := p.run()
		if err != nil {
			return nil, err
		}
		hits := cacheHit.FindAllStringSubmatch(m.stdout, -1)
		if len(hits) != n {
			return nil, fmt.Errorf("warm run: want %d modules from the build cache, found %d:\n%s", n, len(hits), tailLines(m.stdout, 20))
		}
		for _, h := range hits {
			d, err := time.ParseDuration(h[1])
			if err != nil {
				return nil, err
			}
			warm = append(warm, d)
		}
	}
	return warm, nil
}

// pybind11Source is the extension of the pybind11 workload: a static cache
// of Python objects that FIX empties from an atexit hook while the
// interpreter is whole. Without FIX the cache is leaked rather than
// released after finalization, so that both variants exit 0 and the row
// times builds, not crashes.
const pybind11Source = `#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <vector>
namespace py = pybind11;

static std::vector<py::object> *cache = new std::vector<py::object>;

void keep(py::object o) { cache->push_back(std::move(o)); }
std::size_t size() { return cache->size(); }

PYBIND11_MODULE(holder, m) {
  m.def("keep", &keep);
  m.def("size", &size);
#ifdef FIX
  py::module_::import("atexit").attr("register")(py::cpp_function([] { cache->clear(); }));
#endif
}
`

var pybind11CaseText = `build-ext --with pybind11 holder holder.cpp -- $FIXFLAG
python repro.py
stdout '^2$'
-- case.yaml --
summary: a static cache of py::object, emptied at exit by the fix
links: [https://github.com/cleanexit/cleanexit/issues/38]
python: [%s]
packages: [pybind11==3.1.0]
env: {FIXFLAG: -DFIX}
variants:
  buggy:
    env: {FIXFLAG: -DNOFIX}
-- repro.py --
import holder
holder.keep({"k": [1, 2, 3]})
holder.keep(lambda: None)
print(holder.size())
-- holder.cpp --
` + pybind11Source
