package plan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

func interp(version string, ft bool, source string) *toolchains.Interpreter {
	var maj, min, mic int
	parts := strings.Split(version, ".")
	atoi := func(s string) int {
		n := 0
		for _, c := range s {
			n = n*10 + int(c-'0')
		}
		return n
	}
	maj, min, mic = atoi(parts[0]), atoi(parts[1]), atoi(parts[2])
	return &toolchains.Interpreter{
		Path: "/py/" + version + source, RealPath: "/py/" + version + source, Source: source,
		Version: version, Major: maj, Minor: min, Micro: mic, Implementation: "cpython", FreeThreaded: ft,
	}
}

// debugInterp makes in a Py_DEBUG build, installed beside its release
// build as Debian's python3.11d is beside python3.11.
func debugInterp(in *toolchains.Interpreter) *toolchains.Interpreter {
	in.Debug = true
	in.Path += "d"
	in.RealPath += "d"
	return in
}

// TestLabelsAreUnique: no two interpreters share an ID part, however alike.
// Debian's /usr/bin/python3.11 and /usr/bin/python3.11d are both 3.11.2
// found on PATH; two copies of one version on PATH are alike in all but path.
func TestLabelsAreUnique(t *testing.T) {
	twin := interp("3.11.2", false, "path")
	twin.Path, twin.RealPath = "/usr/local/bin/python3.11", "/usr/local/bin/python3.11"
	ins := []*toolchains.Interpreter{
		interp("3.11.2", false, "path"),
		debugInterp(interp("3.11.2", false, "path")),
		twin,
		interp("3.13.0", true, "pyenv"),
		debugInterp(interp("3.13.0", true, "pyenv")),
	}
	got := labels(ins)
	want := []string{"3.11.2-path", "3.11d", "3.11.2-path-2", "3.13t", "3.13td"}
	for i, in := range ins {
		if got[in] != want[i] {
			t.Errorf("label of %s = %q, want %q", in.RealPath, got[in], want[i])
		}
	}
}

func load(t *testing.T, yaml string) *cases.Case {
	t.Helper()
	c, err := cases.Parse("corpus/p/c.txtar", "p", []byte("python x.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n"+yaml+"-- x.py --\n"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// features answers host's features, with network answering the
// "network" feature in place of a request to an index.
func features(host *toolchains.Host, network func() (bool, string)) *toolchains.Features {
	return toolchains.NewFeatures(host, toolchains.FeatureOptions{
		Network: func(context.Context) (bool, string) { return network() },
	})
}

func ids(runs []*Run) string {
	var out []string
	for _, r := range runs {
		s := r.ID
		if r.Unsupported != "" {
			s += " UNSUPPORTED(" + r.Unsupported + ")"
		}
		if r.XFail != "" {
			s += " XFAIL(" + r.XFail + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

func TestExpand(t *testing.T) {
	ins := []*toolchains.Interpreter{
		interp("3.7.16", false, "pyenv"),
		interp("3.8.18", false, "pyenv"),
		interp("3.11.2", false, "path"),
		debugInterp(interp("3.11.2", false, "path")),
		interp("3.11.7", false, "pyenv"),
		interp("3.13.0", false, "pyenv"),
		interp("3.13.0", true, "pyenv"),
	}
	linux := &toolchains.Host{OS: "linux", Arch: "amd64", Features: map[string]bool{"linux": true, "amd64": true, "darwin": false, "arm64": false, "cc": true}}
	offline := func() (bool, string) { return false, "no answer" }
	tests := []struct {
		name string
		yaml string
		want string
	}{
		{"default is every CPython from 3.8, free-threaded and debug too, shared minors spelled out", "",
			"p/c/default/3.8\np/c/default/3.11.2\np/c/default/3.11d\np/c/default/3.11.7\np/c/default/3.13\np/c/default/3.13t"},
		{"exact minor", "python: '3.11'\n", "p/c/default/3.11.2\np/c/default/3.11.7"},
		{"debug by name only", "python: ['3.11d']\n", "p/c/default/3.11d"},
		{"debug patch by name", "python: ['3.11.2d']\n", "p/c/default/3.11d"},
		{"debug-python feature", "python: ['3.11', '3.11d']\nrequires: [debug-python]\n",
			"p/c/default/3.11.2 UNSUPPORTED(requires debug-python (this host: no debug-python))\np/c/default/3.11d\np/c/default/3.11.7 UNSUPPORTED(requires debug-python (this host: no debug-python))"},
		{"exact patch", "python: '3.11.7'\n", "p/c/default/3.11.7"},
		{"free-threaded by name only", "python: ['3.13t']\n", "p/c/default/3.13t"},
		{"specifier skips free-threaded and debug", "python: '>=3.11,<3.14'\n", "p/c/default/3.11.2\np/c/default/3.11.7\np/c/default/3.13"},
		{"missing interpreter is reported", "python: ['3.8', '3.14']\n",
			"p/c/default/3.8\np/c/default/3.14 UNSUPPORTED(no interpreter matches python 3.14 (found: 3.7, 3.8, 3.11.2, 3.11d, 3.11.7, 3.13, 3.13t))"},
		{"requires", "python: '3.8'\nrequires: [darwin && arm64]\n",
			"p/c/default/3.8 UNSUPPORTED(requires darwin && arm64 (this host: no arm64, no darwin))"},
		{"requires holds", "python: '3.8'\nrequires: [linux && cc]\n", "p/c/default/3.8"},
		{"per-interpreter feature", "python: '>=3.8'\nunsupported: ['python3.11']\n",
			"p/c/default/3.8\np/c/default/3.11.2 UNSUPPORTED(unsupported: python3.11 (this host: python3.11))\np/c/default/3.11.7 UNSUPPORTED(unsupported: python3.11 (this host: python3.11))\np/c/default/3.13"},
		{"xfail on free-threading", "python: ['3.13', '3.13t']\nxfail: [free-threading]\n", "p/c/default/3.13\np/c/default/3.13t XFAIL(free-threading)"},
		{"xfail star", "python: '3.8'\nxfail: ['*']\n", "p/c/default/3.8 XFAIL(*)"},
		{"variants in order", "python: '3.8'\nvariants:\n  regressed:\n    exit: SIGSEGV\n  b:\n    python: '3.13'\n",
			"p/c/default/3.8\np/c/regressed/3.8\np/c/b/3.13"},
		{"network needed and absent", "python: '3.8'\npackages: [numpy==2.0]\n",
			"p/c/default/3.8 UNSUPPORTED(network: no answer)"},
		{"no-index is offline", "python: '3.8'\npackages: [numpy==2.0]\nindex: {no-index: true, find-links: [./w]}\n", "p/c/default/3.8"},
		{"git URL needs network even with no-index", "python: '3.8'\npackages: ['mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d']\nindex: {no-index: true}\n",
			"p/c/default/3.8 UNSUPPORTED(network: no answer)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := load(t, tt.yaml)
			got := ids(Expand([]*cases.Case{c}, Config{Interpreters: ins, Features: features(linux, offline)}))
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestNetworkProbedOnceAndOnlyWhenAsked(t *testing.T) {
	ins := []*toolchains.Interpreter{interp("3.12.1", false, "pyenv"), interp("3.13.0", false, "pyenv")}
	probes := 0
	cfg := Config{Interpreters: ins, Features: features(&toolchains.Host{Features: map[string]bool{}}, func() (bool, string) { probes++; return true, "" })}
	Expand([]*cases.Case{load(t, "")}, cfg)
	if probes != 0 {
		t.Fatalf("a case without packages probed the network %d times", probes)
	}
	Expand([]*cases.Case{load(t, "packages: [numpy==2.0]\n"), load(t, "requires: [network]\n")}, cfg)
	if probes != 1 {
		t.Fatalf("network probed %d times, want once", probes)
	}
}

// A run whose environment is built needs the index no more: it is neither
// UNSUPPORTED for want of it nor a reason to ask it. A case that requires
// the network at run time still does.
func TestBuiltEnvironmentNeedsNoIndex(t *testing.T) {
	ins := []*toolchains.Interpreter{interp("3.12.1", false, "pyenv"), interp("3.13.0", false, "pyenv")}
	probes := 0
	cfg := Config{
		Interpreters: ins,
		Features:     features(&toolchains.Host{Features: map[string]bool{}}, func() (bool, string) { probes++; return false, "no answer" }),
		Built:        func(r *Run) bool { return r.Interp.Version == "3.12.1" },
	}
	got := ids(Expand([]*cases.Case{load(t, "python: ['3.12', '3.13']\npackages: [numpy==2.0]\n")}, cfg))
	if want := "p/c/default/3.12\np/c/default/3.13 UNSUPPORTED(network: no answer)"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	probes = 0
	cfg.Built = func(*Run) bool { return true }
	got = ids(Expand([]*cases.Case{load(t, "python: ['3.12', '3.13']\npackages: [numpy==2.0]\n")}, cfg))
	if want := "p/c/default/3.12\np/c/default/3.13"; got != want || probes != 0 {
		t.Errorf("every environment built: got\n%s\nwant\n%s, with %d probes (want none)", got, want, probes)
	}
	got = ids(Expand([]*cases.Case{load(t, "python: '3.12'\nrequires: [network]\npackages: [numpy==2.0]\n")}, cfg))
	if !strings.Contains(got, "UNSUPPORTED(requires network") {
		t.Errorf("requires: [network] with the environment built: got %s, want UNSUPPORTED", got)
	}
}

func TestMergeIndex(t *testing.T) {
	got := mergeIndex(cases.Index{FindLinks: []string{"/cli"}}, cases.Index{URL: "https://case/simple", FindLinks: []string{"/case"}}, cases.Index{URL: "https://suite/simple"})
	if got.URL != "https://case/simple" || strings.Join(got.FindLinks, ",") != "/cli,/case" {
		t.Errorf("merge = %+v", got)
	}
	got = mergeIndex(cases.Index{URL: "https://mirror/simple"}, cases.Index{URL: "https://case/simple"}, cases.Index{})
	if got.URL != "https://mirror/simple" {
		t.Errorf("the runner's index must win: %+v", got)
	}
	got = mergeIndex(cases.Index{NoIndex: true}, cases.Index{URL: "https://case/simple", Extra: []string{"https://x"}}, cases.Index{})
	if got.URL != "" || got.Extra != nil || !got.NoIndex {
		t.Errorf("no-index must drop every index: %+v", got)
	}
}

// Offline, a run whose packages a local find-links folder offers installs
// from it alone (--no-index); one that the folder cannot satisfy is
// UNSUPPORTED for want of the network, as before.
func TestOfflineFromLocalWheels(t *testing.T) {
	wheels := t.TempDir()
	for _, f := range []string{"nanobind-3.0.0-py3-none-any.whl", "pybind11-3.1.0-py3-none-any.whl"} {
		if err := os.WriteFile(filepath.Join(wheels, f), nil, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	ins := []*toolchains.Interpreter{interp("3.12.1", false, "pyenv")}
	offline := func() (bool, string) { return false, "no answer" }
	online := func() (bool, string) { return true, "" }
	tests := []struct {
		name, yaml string
		links      []string
		network    func() (bool, string)
		want       string // "" (runs, offline), "index" (runs, index kept) or the UNSUPPORTED reason
	}{
		{"pinned and offered", "packages: [nanobind==3.0.0]\n", []string{wheels}, offline, ""},
		{"a file: URL folder", "packages: ['nanobind>=3', pybind11]\n", []string{"file://" + wheels}, offline, ""},
		{"another version", "packages: [nanobind==2.9.0]\n", []string{wheels}, offline, "network: no answer"},
		{"one package not offered", "packages: [nanobind==3.0.0, numpy]\n", []string{wheels}, offline, "network: no answer"},
		{"no folder at all", "packages: [nanobind==3.0.0]\n", nil, offline, "network: no answer"},
		{"a missing folder", "packages: [nanobind==3.0.0]\n", []string{filepath.Join(wheels, "absent")}, offline, "network: no answer"},
		{"online keeps the index", "packages: [nanobind==3.0.0]\n", []string{wheels}, online, "index"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := load(t, "python: '3.12'\n"+tt.yaml)
			runs := Expand([]*cases.Case{c}, Config{Interpreters: ins, Features: features(nil, tt.network), Index: cases.Index{FindLinks: tt.links}})
			r := runs[0]
			switch {
			case tt.want == "index":
				if r.Unsupported != "" || r.Index.NoIndex {
					t.Errorf("unsupported %q, no-index %v; want a run through the index", r.Unsupported, r.Index.NoIndex)
				}
			case tt.want == "":
				if r.Unsupported != "" || !r.Index.NoIndex {
					t.Errorf("unsupported %q, no-index %v; want an offline run", r.Unsupported, r.Index.NoIndex)
				}
			case r.Unsupported != tt.want:
				t.Errorf("unsupported %q, want %q", r.Unsupported, tt.want)
			}
		})
	}
}

// With DeferIndex the planner asks the index nothing: a run that needs it
// is marked AskIndex, with the local wheels to fall back on when they hold
// every package, and its index as the case gave it.
func TestDeferIndex(t *testing.T) {
	wheels := t.TempDir()
	if err := os.WriteFile(filepath.Join(wheels, "nanobind-3.0.0-py3-none-any.whl"), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	ins := []*toolchains.Interpreter{interp("3.12.1", false, "pyenv")}
	probes := 0
	network := func() (bool, string) { probes++; return false, "no answer" }
	tests := []struct {
		name, yaml    string
		ask, fallback bool
	}{
		{"offered by the local wheels", "packages: [nanobind==3.0.0]\n", true, true},
		{"not offered", "packages: [nanobind==2.9.0]\n", true, false},
		{"no packages", "", false, false},
	}
	for _, tt := range tests {
		cfg := Config{Interpreters: ins, Features: features(nil, network), Index: cases.Index{FindLinks: []string{wheels}}, DeferIndex: true}
		runs := Expand([]*cases.Case{load(t, tt.yaml)}, cfg)
		if len(runs) != 1 {
			t.Fatalf("%s: %d runs", tt.name, len(runs))
		}
		r := runs[0]
		off := r.OfflineIndex()
		if r.Skipped() || r.AskIndex != tt.ask || (off != nil) != tt.fallback {
			t.Errorf("%s: Unsupported %q, AskIndex %v, OfflineIndex %+v; want AskIndex %v, offline %v", tt.name, r.Unsupported, r.AskIndex, off, tt.ask, tt.fallback)
		}
		if off != nil && (!off.NoIndex || r.Index.NoIndex) {
			t.Errorf("%s: the run's index %+v and its offline one %+v", tt.name, r.Index, off)
		}
	}
	if probes != 0 {
		t.Errorf("the planner asked the index %d times", probes)
	}
}
