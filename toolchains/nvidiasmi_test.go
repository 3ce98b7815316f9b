package toolchains

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseNvidiaSMIRecorded(t *testing.T) {
	tests := []struct {
		file string
		want []GPU
	}{
		{"nvidia-smi-rtx5070ti-noheader.csv", []GPU{{Name: "NVIDIA GeForce RTX 5070 Ti", Driver: "595.84", ComputeCap: "12.0", MemoryMiB: 16303}}},
		{"nvidia-smi-rtx5070ti.csv", []GPU{{Name: "NVIDIA GeForce RTX 5070 Ti", Driver: "595.84", ComputeCap: "12.0", MemoryMiB: 16303}}},
		{"nvidia-smi-h100.csv", []GPU{{Name: "NVIDIA H100 80GB HBM3", Driver: "580.82.07", ComputeCap: "9.0", MemoryMiB: 81559}}},
		{"nvidia-smi-titanv-rtx5880.csv", []GPU{
			{Name: "NVIDIA TITAN V", Driver: "570.86.15", ComputeCap: "7.0"},
			{Name: "NVIDIA RTX 5880 Ada Generation", Driver: "570.86.15", ComputeCap: "8.9"},
		}},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseNvidiaSMI(data, nvidiaSMIQuery)
		if err != nil {
			t.Errorf("%s: %v", tt.file, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.file, got, tt.want)
		}
	}
}

// The inputs below are constructed, not recorded (see testdata/README.md).
func TestParseNvidiaSMIConstructed(t *testing.T) {
	tests := []struct {
		name    string
		csv     string
		want    []GPU
		wantErr string
	}{
		{name: "empty output", csv: "", want: []GPU{}},
		{name: "CRLF line ends", csv: "NVIDIA GeForce RTX 5070 Ti, 595.84, 12.0, 16303\r\n", want: []GPU{{Name: "NVIDIA GeForce RTX 5070 Ti", Driver: "595.84", ComputeCap: "12.0", MemoryMiB: 16303}}},
		{name: "unified memory reads [N/A]", csv: "NVIDIA GB10, 580.95.05, 12.1, [N/A]\n", want: []GPU{{Name: "NVIDIA GB10", Driver: "580.95.05", ComputeCap: "12.1"}}},
		{name: "old driver without compute_cap", csv: "Field \"compute_cap\" is not a valid field to query.\n", wantErr: `is not a valid field to query`},
		{name: "driver not loaded", csv: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n", wantErr: "want 4 fields"},
		{name: "memory not a number", csv: "NVIDIA TITAN V, 570.86.15, 7.0, lots\n", wantErr: `memory.total "lots"`},
		{name: "no name", csv: ", 570.86.15, 7.0, 12288\n", wantErr: "names no GPU"},
	}
	for _, tt := range tests {
		got, err := parseNvidiaSMI([]byte(tt.csv), nvidiaSMIQuery)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: err = %v, want it to contain %q", tt.name, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.name, got, tt.want)
		}
	}
}
