package toolchains

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// fakeHost answers DetectHost's probes from recorded outputs.
type fakeHost struct {
	sysctl  string // testdata file, "" for none
	smi     string // testdata file, "" when nvidia-smi is not installed
	smiErr  string // what a failing nvidia-smi prints
	ccFails bool
	// spdisplays is system_profiler SPDisplaysDataType's output: a testdata
	// file, or the text itself when it holds a newline; "" when absent.
	spdisplays string
}

func (f fakeHost) run(ctx context.Context, env []string, name string, args ...string) ([]byte, []byte, error) {
	notFound := &exec.Error{Name: name, Err: exec.ErrNotFound}
	switch filepath.Base(name) { // a compiler may be named by its path
	case "sysctl":
		if f.sysctl == "" {
			return nil, nil, notFound
		}
		data, err := os.ReadFile(filepath.Join("testdata", f.sysctl))
		return data, nil, err
	case "system_profiler":
		if f.spdisplays == "" {
			return nil, nil, notFound
		}
		if strings.Contains(f.spdisplays, "\n") {
			return []byte(f.spdisplays), nil, nil
		}
		data, err := os.ReadFile(filepath.Join("testdata", f.spdisplays))
		return data, nil, err
	case "nvidia-smi":
		if f.smiErr != "" {
			return []byte(f.smiErr), nil, &exec.ExitError{}
		}
		if f.smi == "" {
			return nil, nil, notFound
		}
		data, err := os.ReadFile(filepath.Join("testdata", f.smi))
		return data, nil, err
	case "cc", "clang":
		if f.ccFails {
			return nil, []byte("ld: library not found for -lSystem\n"), &exec.ExitError{}
		}
		// Play a compiler: create the -o file.
		for i, a := range args {
			if a == "-o" && i+1 < len(args) {
				return nil, nil, os.WriteFile(args[i+1], []byte("\x7fELF"), 0o755)
			}
		}
	}
	return nil, nil, notFound
}

func TestDetectHostRecorded(t *testing.T) {
	tests := []struct {
		name     string
		goos     string
		cc       string
		host     fakeHost
		cpu      string
		gpus     []GPU
		features map[string]bool
		why      map[string]string // substrings
	}{
		{
			name:     "M2 Mac",
			goos:     "darwin",
			host:     fakeHost{sysctl: "sysctl-m2.txt", spdisplays: "spdisplays-m3.txt"},
			cpu:      "Apple M2",
			gpus:     []GPU{},
			features: map[string]bool{"darwin": true, "linux": false, "windows": false, "apple-silicon": true, "cuda": false, "cc": true, "metal": true},
			why:      map[string]string{"apple-silicon": "hw.optional.arm64: 1 (Apple M2)", "cuda": "nvidia-smi not found", "cc": "compiled and linked", "darwin": "GOOS is darwin", "metal": "system_profiler: Apple M3, Metal 3"},
		},
		{
			name:     "Intel Mac without a working linker",
			goos:     "darwin",
			host:     fakeHost{sysctl: "sysctl-intel-i5-8500b.txt", ccFails: true},
			cpu:      "Intel(R) Core(TM) i5-8500B CPU @ 3.00GHz",
			gpus:     []GPU{},
			features: map[string]bool{"darwin": true, "apple-silicon": false, "cc": false, "metal": false},
			why:      map[string]string{"apple-silicon": "no hw.optional.arm64: 1 (Intel(R) Core(TM) i5-8500B", "cc": "cc: cc cannot build an empty program: ld: library not found for -lSystem", "metal": "system_profiler not found"},
		},
		{
			name: "Linux with two GPUs and $CC",
			goos: "linux",
			// A path no machine has: the reason names the compiler as
			// found on PATH, and a clang installed here would be found.
			cc:   "/nonexistent/bin/clang -m64",
			host: fakeHost{smi: "nvidia-smi-titanv-rtx5880.csv"},
			gpus: []GPU{
				{Name: "NVIDIA TITAN V", Driver: "570.86.15", ComputeCap: "7.0"},
				{Name: "NVIDIA RTX 5880 Ada Generation", Driver: "570.86.15", ComputeCap: "8.9"},
			},
			features: map[string]bool{"linux": true, "darwin": false, "apple-silicon": false, "cuda": true, "cc": true, "metal": false},
			why:      map[string]string{"cuda": "nvidia-smi: 2 GPUs: NVIDIA TITAN V, NVIDIA RTX 5880 Ada Generation, driver 570.86.15", "cc": "$CC=/nonexistent/bin/clang -m64", "apple-silicon": "not macOS", "metal": "not macOS"},
		},
		{
			name:     "Linux with an H100",
			goos:     "linux",
			host:     fakeHost{smi: "nvidia-smi-h100.csv"},
			gpus:     []GPU{{Name: "NVIDIA H100 80GB HBM3", Driver: "580.82.07", ComputeCap: "9.0", MemoryMiB: 81559}},
			features: map[string]bool{"cuda": true},
			why:      map[string]string{"cuda": "nvidia-smi: NVIDIA H100 80GB HBM3, driver 580.82.07"},
		},
		{
			name:     "Linux with nvidia-smi but no driver",
			goos:     "linux",
			host:     fakeHost{smiErr: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n"},
			gpus:     []GPU{},
			features: map[string]bool{"cuda": false},
			why:      map[string]string{"cuda": "nvidia-smi: NVIDIA-SMI has failed because it couldn't communicate"},
		},
		{
			name:     "$CC names a missing compiler",
			goos:     "linux",
			cc:       "gcc-99",
			gpus:     []GPU{},
			features: map[string]bool{"cc": false},
			why:      map[string]string{"cc": `$CC is "gcc-99", which is not found`},
		},
	}
	for _, tt := range tests {
		h := DetectHost(context.Background(), Options{
			GOOS:   tt.goos,
			Getenv: envOf(map[string]string{"CC": tt.cc}),
			run:    tt.host.run,
		})
		if tt.cpu != "" && h.CPUModel != tt.cpu {
			t.Errorf("%s: CPUModel %q, want %q", tt.name, h.CPUModel, tt.cpu)
		}
		if !reflect.DeepEqual(h.GPUs, tt.gpus) {
			t.Errorf("%s: GPUs %+v, want %+v", tt.name, h.GPUs, tt.gpus)
		}
		for f, want := range tt.features {
			if got, ok := h.Features[f]; !ok || got != want {
				t.Errorf("%s: feature %s = %v (present %v), want %v", tt.name, f, got, ok, want)
			}
		}
		for f, want := range tt.why {
			if !strings.Contains(h.Why[f], want) {
				t.Errorf("%s: why %s = %q, want it to contain %q", tt.name, f, h.Why[f], want)
			}
		}
		checkHostKeys(t, tt.name, h)
	}
}

// checkHostKeys: every feature a case may name is a key, with a reason.
func checkHostKeys(t *testing.T, name string, h *Host) {
	t.Helper()
	for _, f := range []string{"linux", "darwin", "windows", "amd64", "arm64", h.OS, h.Arch, "apple-silicon", "cuda", "cc"} {
		if _, ok := h.Features[f]; !ok {
			t.Errorf("%s: feature %q missing", name, f)
		}
		if h.Why[f] == "" {
			t.Errorf("%s: no why for %q", name, f)
		}
	}
	if len(h.Why) != len(h.Features) {
		t.Errorf("%s: %d features but %d whys", name, len(h.Features), len(h.Why))
	}
}

// TestDetectHostHere probes this machine for real.
func TestDetectHostHere(t *testing.T) {
	h := DetectHost(context.Background(), Options{})
	for f, why := range h.Why {
		t.Logf("%-14s %-5v %s", f, h.Features[f], why)
	}
	t.Logf("cpu: %s", h.CPUModel)
	checkHostKeys(t, "here", h)
	if h.OS != runtime.GOOS || h.Arch != runtime.GOARCH || !h.Features[runtime.GOOS] || !h.Features[runtime.GOARCH] {
		t.Errorf("OS %s Arch %s features %v", h.OS, h.Arch, h.Features)
	}
	if runtime.GOOS == "linux" && h.CPUModel == "" {
		t.Errorf("no CPU model from /proc/cpuinfo")
	}
	_, gccErr := exec.LookPath("cc")
	if gccErr == nil && os.Getenv("CC") == "" && !h.Features["cc"] {
		t.Errorf("cc is on PATH but the cc feature is false: %s", h.Why["cc"])
	}
	_, smiErr := exec.LookPath("nvidia-smi")
	if smiErr != nil && (h.Features["cuda"] || h.Why["cuda"] != "nvidia-smi not found") {
		t.Errorf("no nvidia-smi, yet cuda = %v: %s", h.Features["cuda"], h.Why["cuda"])
	}
}

// The inputs below are constructed, not recorded.
func TestCPUModelFromCPUInfo(t *testing.T) {
	tests := []struct{ name, cpuinfo, want string }{
		{"x86", "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Processor\nprocessor\t: 1\nmodel name\t: Intel(R) Xeon(R) Processor\n", "Intel(R) Xeon(R) Processor"},
		{"arm64 board", "processor\t: 0\nBogoMIPS\t: 48.00\nFeatures\t: fp asimd\n\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n", "Raspberry Pi 4 Model B Rev 1.4"},
		{"arm64 server", "processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := cpuModelFromCPUInfo([]byte(tt.cpuinfo)); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// With LazyCompiler, DetectHost starts no compiler and leaves "cc" out;
// ProbeCompiler answers it alone, the same way DetectHost would.
func TestLazyCompiler(t *testing.T) {
	tests := []struct {
		name    string
		cc      string
		host    fakeHost
		ok      bool
		whyPart string
	}{
		{"cc works", "", fakeHost{}, true, "compiled and linked"},
		{"cc cannot link", "", fakeHost{ccFails: true}, false, "library not found for -lSystem"},
		{"$CC missing", "gcc-99", fakeHost{}, false, `$CC is "gcc-99", which is not found`},
	}
	for _, tt := range tests {
		started := 0
		run := func(ctx context.Context, env []string, name string, args ...string) ([]byte, []byte, error) {
			if name == "cc" || name == "gcc-99" {
				started++
			}
			return tt.host.run(ctx, env, name, args...)
		}
		opts := Options{GOOS: "linux", Getenv: envOf(map[string]string{"CC": tt.cc}), run: run, LazyCompiler: true}
		h := DetectHost(context.Background(), opts)
		if _, ok := h.Features["cc"]; ok || started != 0 {
			t.Errorf("%s: DetectHost probed the compiler (%d starts, cc=%v) with LazyCompiler", tt.name, started, h.Features["cc"])
		}
		ok, why := ProbeCompiler(context.Background(), opts)
		if ok != tt.ok || !strings.Contains(why, tt.whyPart) {
			t.Errorf("%s: ProbeCompiler = %v, %q; want %v and %q", tt.name, ok, why, tt.ok, tt.whyPart)
		}
	}
}
