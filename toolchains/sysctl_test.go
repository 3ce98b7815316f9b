package toolchains

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSysctlRecorded(t *testing.T) {
	tests := []struct {
		file         string
		brand        string
		appleSilicon bool
		keys         int
	}{
		{"sysctl-m1-machdep.txt", "Apple M1", false, 5}, // no hw.optional.arm64 asked
		{"sysctl-m1pro-machdep.txt", "Apple M1 Pro", false, 5},
		{"sysctl-m1-hw-optional.txt", "", true, 14},
		{"sysctl-m2.txt", "Apple M2", true, 5},
		{"sysctl-intel-i5-8500b.txt", "Intel(R) Core(TM) i5-8500B CPU @ 3.00GHz", false, 3},
		{"sysctl-intel-i5-5257u.txt", "Intel(R) Core(TM) i5-5257U CPU @ 2.70GHz", false, 27},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		m := parseSysctl(data)
		if got := m["machdep.cpu.brand_string"]; got != tt.brand {
			t.Errorf("%s: brand_string = %q, want %q", tt.file, got, tt.brand)
		}
		if got := AppleSilicon(m); got != tt.appleSilicon {
			t.Errorf("%s: AppleSilicon = %v, want %v", tt.file, got, tt.appleSilicon)
		}
		if len(m) != tt.keys {
			t.Errorf("%s: %d keys, want %d: %q", tt.file, len(m), tt.keys, m)
		}
	}
}

// The inputs below are constructed, not recorded (see testdata/README.md).
func TestSysctlConstructed(t *testing.T) {
	tests := []struct {
		name         string
		out          string
		want         map[string]string
		appleSilicon bool
	}{
		{
			name:         "Rosetta: an x86_64 process on Apple Silicon",
			out:          "machdep.cpu.brand_string: VirtualApple @ 2.50GHz\nsysctl.proc_translated: 1\nhw.machine: x86_64\n",
			want:         map[string]string{"machdep.cpu.brand_string": "VirtualApple @ 2.50GHz", "sysctl.proc_translated": "1", "hw.machine": "x86_64"},
			appleSilicon: true,
		},
		{
			name:         "Intel Mac: unknown names complained about, others printed",
			out:          "machdep.cpu.brand_string: Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz\nsysctl: unknown oid 'hw.optional.arm64'\nhw.machine: x86_64\n",
			want:         map[string]string{"machdep.cpu.brand_string": "Intel(R) Core(TM) i9-9880H CPU @ 2.30GHz", "hw.machine": "x86_64"},
			appleSilicon: false,
		},
		{
			name: "old 'name = value' form, empty value, prompt and bare value lines",
			out:  "% sysctl hw\nkern.ostype = Darwin\nhw.osenvironment: \n1\n",
			want: map[string]string{"kern.ostype": "Darwin", "hw.osenvironment": ""},
		},
		{name: "nothing", out: "", want: map[string]string{}},
		{
			name:         "arm64 hardware not translated",
			out:          "hw.optional.arm64: 1\nsysctl.proc_translated: 0\n",
			want:         map[string]string{"hw.optional.arm64": "1", "sysctl.proc_translated": "0"},
			appleSilicon: true,
		},
		{
			name: "arm64 key present but 0",
			out:  "hw.optional.arm64: 0\n",
			want: map[string]string{"hw.optional.arm64": "0"},
		},
	}
	for _, tt := range tests {
		m := parseSysctl([]byte(tt.out))
		if len(m) != len(tt.want) {
			t.Errorf("%s: parseSysctl = %q, want %q", tt.name, m, tt.want)
		}
		for k, v := range tt.want {
			if got, ok := m[k]; !ok || got != v {
				t.Errorf("%s: %s = %q (present %v), want %q", tt.name, k, got, ok, v)
			}
		}
		if got := AppleSilicon(m); got != tt.appleSilicon {
			t.Errorf("%s: AppleSilicon = %v, want %v", tt.name, got, tt.appleSilicon)
		}
	}
}
