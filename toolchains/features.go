package toolchains

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Features is the one place a feature name is answered on this machine,
// for a case's requires / unsupported / xfail (judged by plan) and a
// script's [conditions] (answered by script) alike, so that the two never
// disagree. Interpreter features (python3.N, free-threading, debug-python)
// come from the run's Interpreter; the OS, architecture and GPU ones from
// DetectHost's Host; and the features that cost a probe (see
// costlyFeatures) are probed on first ask, at most once, so that a corpus
// that builds nothing never starts a compiler. cmd/go's
// script.OnceCondition is the model.
//
// A Features is safe for concurrent use.
type Features struct {
	host   *Host
	getenv func(string) string
	index  string
	python string
	cache  string // where the compiler's yes is remembered (compilercache.go)
	probes map[string]*onceProbe
}

// FeatureOptions is what the probes of a Features need to know.
type FeatureOptions struct {
	// Index is the package index whose answer decides "network".
	Index string
	// Python is the interpreter that asks the index (see HTTPGet).
	Python string
	// Getenv supplies CC; default os.Getenv.
	Getenv func(string) string
	// Network, when set, replaces the probe of Index: a caller that
	// knows the answer (a test, an offline mode) says so here.
	Network func(context.Context) (ok bool, why string)
	// Context bounds every probe beside its own limit: a session that is
	// stopped stops the probe it is waiting on. nil is none.
	Context context.Context
	// CacheDir, when set, is where the compiler probe remembers a yes
	// (compiler.json, beside identities.json), for a day.
	CacheDir string
}

// costlyFeatures are the features that start a process or open a
// connection to answer, each with what it means; every other known name is
// a fact of the Host or of the Interpreter.
var costlyFeatures = map[string]func(*Features, context.Context) (bool, string){
	// network: the package index answers (one HTTP request through
	// python for one project's page, up to 5 s).
	"network": (*Features).probeNetwork,
	// cc: a C compiler compiles and links an empty program (30-100 ms),
	// unless the Host already probed it.
	FeatureCC: (*Features).probeCompiler,
	// asan: the compiler knows where its AddressSanitizer runtime is.
	"asan": (*Features).probeASan,
	// filecheck: LLVM's FileCheck answers --version (see FindFileCheck).
	"filecheck": (*Features).probeFileCheck,
}

// onceProbe is one costly feature's answer, computed on first ask.
type onceProbe struct {
	once sync.Once
	run  func(context.Context) (bool, string)
	ctx  context.Context
	ok   bool
	why  string
}

func (p *onceProbe) answer() (bool, string) {
	p.once.Do(func() {
		// Room for the network probe's 5 s read after an interpreter's
		// start on a loaded machine; the other probes take milliseconds.
		ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
		defer cancel()
		p.ok, p.why = p.run(ctx)
	})
	return p.ok, p.why
}

// NewFeatures returns the features of host (nil for none known), with the
// costly ones not yet probed.
func NewFeatures(host *Host, opts FeatureOptions) *Features {
	f := &Features{host: host, getenv: opts.Getenv, index: opts.Index, python: opts.Python, cache: opts.CacheDir, probes: map[string]*onceProbe{}}
	if f.getenv == nil {
		f.getenv = os.Getenv
	}
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	for name, probe := range costlyFeatures {
		f.probes[name] = &onceProbe{ctx: ctx, run: func(ctx context.Context) (bool, string) { return probe(f, ctx) }}
	}
	if opts.Network != nil {
		f.probes["network"].run = opts.Network
	}
	return f
}

// Has reports whether feature name holds for runs on interpreter in (nil
// for none). A name nobody knows is false: feature.Known is checked where
// cases are loaded, with a "did you mean".
func (f *Features) Has(in *Interpreter, name string) bool {
	ok, _ := f.Answer(in, name)
	return ok
}

// Answer is Has with the evidence behind the answer when there is one:
// "GOOS is linux", or why the package index did not answer.
func (f *Features) Answer(in *Interpreter, name string) (ok bool, why string) {
	if in != nil {
		for _, have := range in.Features() {
			if have == name {
				return true, "the interpreter is " + in.Version
			}
		}
	}
	if strings.HasPrefix(name, "python") || name == "free-threading" || name == "debug-python" {
		return false, ""
	}
	if p, ok := f.probes[name]; ok {
		return p.answer()
	}
	if f.host != nil {
		if ok, known := f.host.Features[name]; known {
			return ok, f.host.Why[name]
		}
	}
	return false, ""
}

// ASanRuntime is the AddressSanitizer runtime to preload into a run that
// loads a sanitized extension, or "" when there is none.
func (f *Features) ASanRuntime() string {
	ok, lib := f.probes["asan"].answer()
	if !ok {
		return ""
	}
	return lib
}

func (f *Features) probeNetwork(ctx context.Context) (bool, string) {
	index := f.index
	if index == "" {
		index = "https://pypi.org/simple/"
	}
	if err := probeIndex(ctx, f.python, f.getenv, index, 5*time.Second); err != nil {
		return false, err.Error()
	}
	return true, ""
}

// probeCompiler believes a Host that probed the compiler (one detected
// without Options.LazyCompiler), and probes it otherwise.
func (f *Features) probeCompiler(ctx context.Context) (bool, string) {
	if f.host != nil {
		if ok, probed := f.host.Features[FeatureCC]; probed {
			return ok, f.host.Why[FeatureCC]
		}
	}
	return rememberedCompiler(ctx, f.cache, f.getenv, time.Now(), func(ctx context.Context) (bool, string) {
		return ProbeCompiler(ctx, Options{Getenv: f.getenv})
	})
}

// probeASan answers with the runtime's path as its evidence: the compiler
// is asked where the library it would link is, and the answer must be a
// file that exists.
func (f *Features) probeASan(ctx context.Context) (bool, string) {
	if f.host == nil {
		return false, "no host detected"
	}
	if ok, why := f.probes[FeatureCC].answer(); !ok {
		return false, "no C compiler: " + why
	}
	cc := f.getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	name := "libasan.so"
	if f.host.OS == "darwin" {
		name = "libclang_rt.asan_osx_dynamic.dylib"
	}
	out, err := exec.CommandContext(ctx, cc, "-print-file-name="+name).Output()
	if err != nil {
		return false, cc + " -print-file-name: " + err.Error()
	}
	lib := strings.TrimSpace(string(out))
	if !filepath.IsAbs(lib) {
		return false, cc + " does not know " + name
	}
	if _, err := os.Stat(lib); err != nil {
		return false, err.Error()
	}
	return true, lib
}
