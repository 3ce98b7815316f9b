package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/wheelhouse"
)

// Workload 6: a C++ case against real nanobind, two variants (the fix
// built in, and not), as extension authors write them. Cold, nanobind's
// own library is compiled once and shared by both; the baseline is what
// an author runs by hand, the two bare g++ invocations of the same files,
// two at a time (cleanexit runs -j 2). Warm, every module comes from the build cache, and the
// target is build-ext's own time, as its "from the build cache in …" line
// reports it.
func (b *bench) nanobindCase() ([]row, error) {
	if !b.sz.nanobind {
		return []row{{name: "6 nanobind case", note: "skipped in -short (go test ./cmd/cleanexit builds against nanobind)"}}, nil
	}
	wheels, why := wheelhouse.Shared()
	if wheels == "" {
		return []row{{name: "6 nanobind case", note: "skipped: " + why}}, nil
	}
	cxx, err := exec.LookPath("c++")
	if err != nil {
		return []row{{name: "6 nanobind case", note: "skipped: no C++ compiler (c++)"}}, nil
	}
	dir := filepath.Join(b.ws.Dir, "nanobind")
	corpus := filepath.Join(dir, "corpus")
	if err := os.MkdirAll(filepath.Join(corpus, "nb"), 0o777); err != nil {
		return nil, err
	}
	caseText := fmt.Sprintf(nanobindCaseText, b.version)
	if err := os.WriteFile(filepath.Join(corpus, "nb", "static-cache.txtar"), []byte(caseText), 0o666); err != nil {
		return nil, err
	}
	cache := filepath.Join(dir, "cache")
	run := b.cleanexit(cache, "run", "-v", "-j", "2", "--no-index", "--find-links", wheels, "--corpus", corpus, corpus)
	if _, _, err := checked(run, 2)(); err != nil { // the environment, built once
		return nil, err
	}
	cold := func() (time.Duration, time.Duration, error) {
		if err := os.RemoveAll(filepath.Join(cache, "ext")); err != nil {
			return 0, 0, err
		}
		return checked(run, 2)()
	}
	bare, err := b.bareNanobindBuilds(cxx, wheels, dir)
	if err != nil {
		return nil, err
	}
	coldP, err := alternate(b.pairsFor(coldPairs), cold, bare)
	if err != nil {
		return nil, err
	}
	warm, err := b.warmModules(run, 2)
	if err != nil {
		return nil, err
	}
	pybind11Rows, err := b.pybind11Case(cxx, wheels)
	if err != nil {
		return nil, err
	}
	corpusRows, err := b.nanobindCorpus(wheels)
	if err != nil {
		return nil, err
	}
	return append([]row{
		{name: "6 cold nanobind case, 2 variants", a: coldP.a,
			baseline: "the two bare `c++` builds, two at a time", b: coldP.b, ratios: coldP.ratios(), cpuRatio: coldP.cpuRatio(),
			target: 0.6, cmd: "cleanexit run -j 2 --no-index --find-links ../shared/wheels (empty build cache)"},
		{name: "6 warm nanobind case: build-ext, per module", a: warm,
			limit: 20 * time.Millisecond, cmd: "build-ext's \"from the build cache in\" line"},
	}, append(pybind11Rows, corpusRows...)...), nil
}

// cacheHit is build-ext's line for a module the build cache held.
var cacheHit = regexp.MustCompile(`from the build cache in (\S+)`)

// bareNanobindBuilds is the baseline: nanobind unpacked from its wheel,
// and each variant built by one compiler invocation with nanobind's
// sources, as nanobind's README spells it.
func (b *bench) bareNanobindBuilds(cxx, wheels, dir string) (trial, error) {
	whl, _ := filepath.Glob(filepath.Join(wheels, "nanobind-*.whl"))
	pkg := filepath.Join(dir, "unpacked")
	if err := unzip(whl[0], pkg); err != nil {
		return nil, err
	}
	out, err := exec.Command(b.python, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])").Output()
	if err != nil {
		return nil, fmt.Errorf("asking %s for its include folder: %v", b.python, err)
	}
	nb := filepath.Join(pkg, "nanobind")
	src := filepath.Join(dir, "cache.cpp")
	if err := os.WriteFile(src, []byte(nanobindSource), 0o666); err != nil {
		return nil, err
	}
	var lines, outputs []string
	for i, flag := range []string{"-DFIX", "-DNOFIX"} {
		so := filepath.Join(dir, fmt.Sprintf("bare%d.so", i))
		args := []string{cxx, "-shared", "-fPIC", "-O1", "-g", "-I" + strings.TrimSpace(string(out)),
			"-I" + filepath.Join(nb, "include"), "-I" + filepath.Join(nb, "ext", "robin_map", "include"),
			"-std=c++17", "-fvisibility=hidden", src, filepath.Join(nb, "src", "nb_combined.cpp"), flag, "-o", so}
		lines, outputs = append(lines, shellQuoteAll(args)), append(outputs, so)
	}
	return twoAtATime(filepath.Join(dir, "bare-builds"), lines, outputs)
}

func shellQuoteAll(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}

// nanobindSource is the extension of workload 6: a static cache of Python
// objects, destroyed by exit() after the interpreter unless FIX empties it
// from an atexit callback (SIGSEGV on 3.12 without it).
const nanobindSource = `#include <nanobind/nanobind.h>
#include <vector>
namespace nb = nanobind;
static std::vector<nb::object> cache;
NB_MODULE(cache, m) {
    m.def("keep", [](nb::object o) { cache.push_back(o); });
#ifdef FIX
    nb::module_::import_("atexit").attr("register")(nb::cpp_function([]() { cache.clear(); }));
#endif
}
`

var nanobindCaseText = `build-ext --with nanobind cache cache.cpp -- $FIXFLAG
python repro.py
stdout '^ok$'
-- case.yaml --
summary: a static cache of nb::object released after finalization
links: [https://github.com/cleanexit/cleanexit/issues/14]
python: "%s"
packages: [nanobind==3.0.0]
env: {FIXFLAG: -DFIX}
variants:
  buggy:
    env: {FIXFLAG: -DNOFIX}
    exit: crash
-- repro.py --
import cache
cache.keep({"k": [1, 2, 3]})
cache.keep(lambda: None)
print("ok")
-- cache.cpp --
` + nanobindSource
