package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/authoring"
)

// TestGenerateShort builds the -short workloads (not the timings) and
// checks that every corpus is valid and as large as asked, so that the
// benchmark cannot rot between the runs someone makes of it.
func TestGenerateShort(t *testing.T) {
	ws, err := generate(t.TempDir(), "3.12", shortSizes)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		corpus string
		want   int
	}{
		{"warm", ws.Warm, shortSizes.warmCases},
		{"packages", ws.Pkgs, shortSizes.pkgCases},
		{"reduce", ws.Reduce, 1},
	}
	for i, n := range shortSizes.scale {
		tests = append(tests, struct {
			name   string
			corpus string
			want   int
		}{filepath.Base(ws.Scale[i]), ws.Scale[i], n})
	}
	for _, tt := range tests {
		cs, err := authoring.Check(tt.corpus, []string{tt.corpus})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(cs) != tt.want {
			t.Errorf("%s: %d cases, want %d", tt.name, len(cs), tt.want)
		}
	}
	if len(ws.PkgImports) != shortSizes.pkgCases || len(ws.PkgSet) != shortSizes.pkgCases {
		t.Errorf("%d imports and %d sets for %d package cases", len(ws.PkgImports), len(ws.PkgSet), shortSizes.pkgCases)
	}
	for _, set := range packageSets {
		for _, dist := range set {
			if _, err := os.Stat(filepath.Join(ws.Wheels, moduleOf(dist)+"-1.0-py3-none-any.whl")); err != nil {
				t.Errorf("wheelhouse: %v", err)
			}
		}
	}
}

// The floor unzips wheels itself: a wheel's module lands in the folder,
// and an entry that climbs out of it is refused, not written.
func TestUnzip(t *testing.T) {
	dir := t.TempDir()
	ws, err := generate(dir, "3.12", sizes{})
	if err != nil {
		t.Fatal(err)
	}
	evil := filepath.Join(dir, "evil-1.0-py3-none-any.whl")
	f, err := os.Create(evil)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	w, _ := zw.Create("../escaped.py")
	w.Write([]byte("x = 1\n"))
	zw.Close()
	f.Close()

	tests := []struct {
		wheel   string
		wantErr bool
		exists  string
	}{
		{filepath.Join(ws.Wheels, "bench_alpha-1.0-py3-none-any.whl"), false, "site/bench_alpha/__init__.py"},
		{evil, true, ""},
	}
	for _, tt := range tests {
		err := unzip(tt.wheel, filepath.Join(dir, "site"))
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: error %v, want error: %v", filepath.Base(tt.wheel), err, tt.wantErr)
		}
		if tt.exists != "" {
			if _, err := os.Stat(filepath.Join(dir, tt.exists)); err != nil {
				t.Errorf("%s: %v", filepath.Base(tt.wheel), err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "escaped.py")); err == nil {
		t.Errorf("an entry named ../escaped.py was written outside the folder")
	}
}

func TestStatistics(t *testing.T) {
	ms := func(n ...int) []time.Duration {
		var ds []time.Duration
		for _, x := range n {
			ds = append(ds, time.Duration(x)*time.Millisecond)
		}
		return ds
	}
	tests := []struct {
		name   string
		a, b   []time.Duration
		median time.Duration
		ratio  float64
		spread string
	}{
		{"odd", ms(30, 10, 20), ms(10, 10, 10), 20 * time.Millisecond, 2, "20.0 ms (10.0 ms–30.0 ms)"},
		{"even", ms(10, 40, 20, 30), ms(10, 20, 10, 10), 25 * time.Millisecond, 2, "25.0 ms (10.0 ms–40.0 ms)"},
		{"one", ms(1500), ms(500), 1500 * time.Millisecond, 3, "1.50 s"},
	}
	for _, tt := range tests {
		p := pairs{a: tt.a, b: tt.b}
		if got := median(tt.a); got != tt.median {
			t.Errorf("%s: median %v, want %v", tt.name, got, tt.median)
		}
		if got := median(p.ratios()); got != tt.ratio {
			t.Errorf("%s: median ratio %v, want %v", tt.name, got, tt.ratio)
		}
		if got := spread(tt.a); got != tt.spread {
			t.Errorf("%s: spread %q, want %q", tt.name, got, tt.spread)
		}
	}
}
