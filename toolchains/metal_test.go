package toolchains

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseSPDisplaysRecorded(t *testing.T) {
	tests := []struct {
		file string
		want []MetalDevice
	}{
		{"spdisplays-m3.txt", []MetalDevice{{Name: "Apple M3", Metal: "Metal 3"}}},
		{"spdisplays-imacpro-vega64.txt", []MetalDevice{{Name: "Radeon Pro Vega 64", Metal: "Supported, feature set macOS GPUFamily2 v1"}}},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		got := parseSPDisplays(data)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.file, got, tt.want)
		}
		for _, d := range got {
			if !d.Usable() {
				t.Errorf("%s: %+v not usable", tt.file, d)
			}
		}
	}
}

// The outputs below are constructed here, in system_profiler's layout: no
// recorded output of a GPU without Metal, or of two GPUs, was found.
func TestParseSPDisplaysConstructed(t *testing.T) {
	tests := []struct {
		name   string
		out    string
		want   []MetalDevice
		usable bool
	}{
		{"nothing", "", nil, false},
		{"no GPU", "Graphics/Displays:\n\n", nil, false},
		{
			name: "a GPU without a Metal line",
			out:  "Graphics/Displays:\n\n    Display:\n\n      Type: GPU\n      Bus: PCI\n      VRAM (Total): 3 MB\n",
			want: []MetalDevice{{Name: "Display"}},
		},
		{
			name: "Metal not supported",
			out:  "Graphics/Displays:\n\n    NVIDIA GeForce 320M:\n\n      Chipset Model: NVIDIA GeForce 320M\n      Metal: Not Supported\n",
			want: []MetalDevice{{Name: "NVIDIA GeForce 320M", Metal: "Not Supported"}},
		},
		{
			// A display's keys, nested below the GPU, never become the GPU's.
			name: "two GPUs, the second with Metal, displays nested",
			out: "Graphics/Displays:\n\n    Intel HD Graphics 3000:\n\n      Chipset Model: Intel HD Graphics 3000\n" +
				"      Displays:\n        Metal: Supported\n\n" +
				"    AMD Radeon Pro 560X:\n\n      Chipset Model: AMD Radeon Pro 560X\n      Metal Family: Supported, Metal GPUFamily macOS 2\n",
			want: []MetalDevice{
				{Name: "Intel HD Graphics 3000"},
				{Name: "AMD Radeon Pro 560X", Metal: "Supported, Metal GPUFamily macOS 2"},
			},
			usable: true,
		},
	}
	for _, tt := range tests {
		got := parseSPDisplays([]byte(tt.out))
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
		usable := false
		for _, d := range got {
			usable = usable || d.Usable()
		}
		if usable != tt.usable {
			t.Errorf("%s: usable %v, want %v", tt.name, usable, tt.usable)
		}
	}
}

func TestProbeMetalSaysWhy(t *testing.T) {
	tests := []struct {
		host fakeHost
		ok   bool
		why  string
	}{
		{fakeHost{spdisplays: "spdisplays-imacpro-vega64.txt"}, true, "system_profiler: Radeon Pro Vega 64, Metal Supported, feature set macOS GPUFamily2 v1"},
		{fakeHost{spdisplays: "Graphics/Displays:\n\n    Display:\n\n      Type: GPU\n"}, false, "system_profiler: Display lists no Metal support"},
		{fakeHost{spdisplays: "\n"}, false, "lists no GPU"},
		{fakeHost{}, false, "system_profiler not found"},
	}
	for _, tt := range tests {
		ok, why := probeMetal(context.Background(), tt.host.run)
		if ok != tt.ok || !strings.Contains(why, tt.why) {
			t.Errorf("%q: probeMetal = %v, %q; want %v, %q", tt.host.spdisplays, ok, why, tt.ok, tt.why)
		}
	}
}
