package toolchains

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeCompilerPath is a PATH holding an executable cc, as and ld.
func fakeCompilerPath(t *testing.T) string {
	dir := t.TempDir()
	for _, name := range []string{"cc", "as", "ld"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestRememberedCompiler(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		first     bool              // the first probe's answer
		change    func(path string) // between the two sessions
		later     time.Duration     // how long after the first the second asks
		wantProbe int               // probes in both sessions together
	}{
		{"a yes is remembered", true, nil, time.Minute, 1},
		{"a no is not", false, nil, time.Minute, 2},
		{"a day later it is probed again", true, nil, 25 * time.Hour, 2},
		{"a clock set back is not believed", true, nil, -time.Hour, 2},
		{"a new linker is probed again", true, func(path string) {
			os.WriteFile(filepath.Join(path, "ld"), []byte("#!/bin/sh\n# another\n"), 0o755)
		}, time.Minute, 2},
		{"a compiler gone is probed again", true, func(path string) { os.Remove(filepath.Join(path, "cc")) }, time.Minute, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, dir := fakeCompilerPath(t), t.TempDir()
			getenv := func(k string) string {
				if k == "PATH" {
					return path
				}
				return ""
			}
			probes := 0
			probe := func(context.Context) (bool, string) {
				probes++
				return tt.first, "cc: compiled and linked a test program"
			}
			ok, _ := rememberedCompiler(context.Background(), dir, getenv, now, probe)
			if ok != tt.first {
				t.Fatalf("first answer %v, want the probe's %v", ok, tt.first)
			}
			if tt.change != nil {
				tt.change(path)
			}
			ok, why := rememberedCompiler(context.Background(), dir, getenv, now.Add(tt.later), probe)
			if probes != tt.wantProbe {
				t.Errorf("%d probes, want %d", probes, tt.wantProbe)
			}
			if ok != tt.first {
				t.Errorf("second answer %v, want %v", ok, tt.first)
			}
			if remembered := strings.Contains(why, "remembered"); remembered != (tt.wantProbe == 1) {
				t.Errorf("why %q: says remembered %v, want %v", why, remembered, tt.wantProbe == 1)
			}
		})
	}
}

// A damaged file is no answer: the probe runs, and its yes replaces it.
func TestRememberedCompilerDamagedFile(t *testing.T) {
	path, dir := fakeCompilerPath(t), t.TempDir()
	getenv := func(k string) string {
		if k == "PATH" {
			return path
		}
		return ""
	}
	if err := os.WriteFile(filepath.Join(dir, compilerCacheName), []byte("{not json"), 0o666); err != nil {
		t.Fatal(err)
	}
	probes := 0
	probe := func(context.Context) (bool, string) { probes++; return true, "cc: ok" }
	now := time.Now()
	rememberedCompiler(context.Background(), dir, getenv, now, probe)
	rememberedCompiler(context.Background(), dir, getenv, now, probe)
	if probes != 1 {
		t.Fatalf("%d probes, want 1 (the damaged file replaced)", probes)
	}
}
