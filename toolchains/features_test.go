package toolchains

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
)

// Each costly feature is probed at most once however many runs ask, and
// concurrently: the plan asks for every run, and scripts ask again from
// the workers.
func TestFeaturesProbeOnceWhenAsked(t *testing.T) {
	var probes atomic.Int32
	f := NewFeatures(&Host{Features: map[string]bool{"linux": true}}, FeatureOptions{
		Network: func(context.Context) (bool, string) { probes.Add(1); return false, "no answer" },
	})
	in := &Interpreter{Major: 3, Minor: 12, Version: "3.12.1"}
	if !f.Has(in, "linux") || !f.Has(in, "python3.12") || f.Has(in, "python3.13") || f.Has(nil, "python3.12") {
		t.Fatal("host or interpreter features answered wrong")
	}
	if probes.Load() != 0 {
		t.Fatalf("the network was probed %d times before anyone asked", probes.Load())
	}
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ok, why := f.Answer(in, "network"); ok || why != "no answer" {
				t.Errorf("network = %v, %q; want false, %q", ok, why, "no answer")
			}
		}()
	}
	wg.Wait()
	if probes.Load() != 1 {
		t.Fatalf("network probed %d times, want once", probes.Load())
	}
}

// A Host that probed the compiler is believed: no compiler starts, and
// without one there is no AddressSanitizer runtime to look for.
func TestFeaturesBelieveTheHost(t *testing.T) {
	started := false
	getenv := func(k string) string {
		if k == "CC" {
			started = true
			return "/nonexistent/cc"
		}
		return ""
	}
	f := NewFeatures(&Host{OS: "linux", Features: map[string]bool{FeatureCC: true}, Why: map[string]string{FeatureCC: "probed"}}, FeatureOptions{Getenv: getenv})
	if ok, why := f.Answer(nil, FeatureCC); !ok || why != "probed" {
		t.Errorf("cc = %v, %q; want the Host's answer", ok, why)
	}
	if started {
		t.Error("the compiler was looked up although the Host had probed it")
	}
	f = NewFeatures(&Host{OS: "linux", Features: map[string]bool{FeatureCC: false}}, FeatureOptions{Getenv: getenv})
	if lib := f.ASanRuntime(); lib != "" || f.Has(nil, "asan") || started {
		t.Errorf("asan runtime %q (compiler looked up: %v) on a host with no compiler", lib, started)
	}
	if f.Has(nil, "no-such-feature") {
		t.Error("an unknown name holds")
	}
}
