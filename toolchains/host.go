package toolchains

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Host is what this machine offers to cases: the facts behind the features
// a case can REQUIRE or be UNSUPPORTED on.
type Host struct {
	OS       string          `json:"os"`   // GOOS
	Arch     string          `json:"arch"` // GOARCH of this cleanexit binary
	CPUModel string          `json:"cpu_model"`
	GPUs     []GPU           `json:"gpus"`
	Features map[string]bool `json:"features"`
	// Why gives, for every key of Features, the one-line evidence behind
	// it, so that a user can see why a case was UNSUPPORTED here.
	Why map[string]string `json:"why"`
}

// Host feature names beyond the OS and arch names.
const (
	FeatureAppleSilicon = "apple-silicon"
	FeatureCUDA         = "cuda"
	FeatureCC           = "cc"
)

// hostOSes and hostArches are always keys of Host.Features, so that a case
// requiring "darwin" on Linux reads false rather than unknown.
var (
	hostOSes   = []string{"linux", "darwin", "windows"}
	hostArches = []string{"amd64", "arm64"}
)

// probeTimeout bounds each host probe. Probes run concurrently, so
// DetectHost takes about as long as its slowest probe.
const probeTimeout = 2 * time.Second

// DetectHost probes this machine: CPU model, NVIDIA GPUs, Apple Silicon, a
// working C compiler. Probes run concurrently, each bounded by a 2 s
// timeout; a probe that fails or times out reports its feature as false and
// says why. opts.Getenv supplies CC; opts.GOOS overrides the OS (for tests);
// opts.LazyCompiler leaves the compiler to ProbeCompiler.
func DetectHost(ctx context.Context, opts Options) *Host {
	d := newDiscovery(opts)
	h := &Host{
		OS:       d.goos,
		Arch:     runtime.GOARCH,
		GPUs:     []GPU{},
		Features: map[string]bool{},
		Why:      map[string]string{},
	}
	for _, osName := range append(hostOSes, h.OS) {
		h.record(osName, osName == h.OS, fmt.Sprintf("GOOS is %s", h.OS))
	}
	for _, arch := range append(hostArches, h.Arch) {
		h.record(arch, arch == h.Arch, fmt.Sprintf("GOARCH is %s", h.Arch))
	}

	// Each probe runs in its own goroutine and writes only its own finding
	// and its own field of h (GPUs, CPUModel); wg.Wait publishes them.
	type finding struct {
		ok  bool
		why string
	}
	found := map[string]*finding{}
	var wg sync.WaitGroup
	probe := func(feature string, f func(ctx context.Context) (ok bool, why string)) {
		fd := new(finding)
		found[feature] = fd
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(ctx, probeTimeout)
			defer cancel()
			fd.ok, fd.why = f(ctx)
		})
	}
	probe(FeatureCUDA, func(ctx context.Context) (ok bool, why string) {
		h.GPUs, ok, why = probeCUDA(ctx, d.run)
		return ok, why
	})
	if !opts.LazyCompiler {
		probe(FeatureCC, func(ctx context.Context) (bool, string) {
			return probeCompiler(ctx, d.run, d.getenv, d.goos)
		})
	}
	if h.OS == "darwin" {
		probe(FeatureAppleSilicon, func(ctx context.Context) (ok bool, why string) {
			h.CPUModel, ok, why = probeSysctl(ctx, d.run)
			return ok, why
		})
		probe(FeatureMetal, func(ctx context.Context) (bool, string) {
			return probeMetal(ctx, d.run)
		})
	} else {
		h.record(FeatureAppleSilicon, false, "not macOS")
		h.record(FeatureMetal, false, "not macOS")
		h.CPUModel = cpuModel(h.OS, d.getenv)
	}
	wg.Wait()
	for feature, fd := range found {
		h.record(feature, fd.ok, fd.why)
	}
	return h
}

// record sets a feature and the evidence for it.
func (h *Host) record(feature string, ok bool, why string) {
	h.Features[feature] = ok
	h.Why[feature] = why
}

// ProbeCompiler is DetectHost's probe of the "cc" feature on its own, for
// a caller that set Options.LazyCompiler: whether a C compiler ($CC, else
// cc) compiles and links an empty program, and the evidence either way.
func ProbeCompiler(ctx context.Context, opts Options) (ok bool, why string) {
	d := newDiscovery(opts)
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	return probeCompiler(ctx, d.run, d.getenv, d.goos)
}

// probeCUDA asks nvidia-smi for the GPUs. Drivers before 510 do not know
// compute_cap; they are asked again without it.
func probeCUDA(ctx context.Context, run commandRunner) ([]GPU, bool, string) {
	columns := nvidiaSMIQuery
	stdout, stderr, err := run(ctx, nil, "nvidia-smi", nvidiaSMIArgs(columns)...)
	if err != nil && strings.Contains(string(stdout)+string(stderr), "is not a valid field") {
		columns = []string{"name", "driver_version", "memory.total"}
		stdout, stderr, err = run(ctx, nil, "nvidia-smi", nvidiaSMIArgs(columns)...)
	}
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return []GPU{}, false, "nvidia-smi not found"
	case ctx.Err() == context.DeadlineExceeded:
		return []GPU{}, false, fmt.Sprintf("nvidia-smi: no answer within %s", probeTimeout)
	case err != nil:
		msg := lastLine(append(stdout, stderr...))
		if msg == "" {
			msg = err.Error()
		}
		return []GPU{}, false, "nvidia-smi: " + msg
	}
	gpus, err := parseNvidiaSMI(stdout, columns)
	if err != nil {
		return []GPU{}, false, err.Error()
	}
	if len(gpus) == 0 {
		return gpus, false, "nvidia-smi: no GPU listed"
	}
	return gpus, true, "nvidia-smi: " + describeGPUs(gpus)
}

// describeGPUs reads like "NVIDIA H100 80GB HBM3, driver 550.54.15" or
// "2 GPUs: NVIDIA TITAN V, NVIDIA RTX 5880 Ada Generation, driver 570.86.15".
func describeGPUs(gpus []GPU) string {
	var names []string
	for _, g := range gpus {
		names = append(names, g.Name)
	}
	s := strings.Join(names, ", ") + ", driver " + gpus[0].Driver
	if len(gpus) > 1 {
		s = fmt.Sprintf("%d GPUs: %s", len(gpus), s)
	}
	return s
}

// probeSysctl asks macOS's sysctl for the CPU's name and whether it is
// Apple Silicon.
func probeSysctl(ctx context.Context, run commandRunner) (model string, appleSilicon bool, why string) {
	stdout, _, err := run(ctx, nil, "sysctl", sysctlArgs...)
	m := parseSysctl(stdout)
	model = m["machdep.cpu.brand_string"]
	switch {
	case len(m) == 0 && err != nil:
		return "", false, "sysctl: " + err.Error()
	case AppleSilicon(m):
		why = "sysctl: hw.optional.arm64: 1"
		if m["sysctl.proc_translated"] == "1" {
			why += ", running under Rosetta"
		}
	default:
		why = "sysctl: no hw.optional.arm64: 1"
	}
	if model != "" {
		why += " (" + model + ")"
	}
	return model, AppleSilicon(m), why
}
