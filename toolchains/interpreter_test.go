package toolchains

import (
	"reflect"
	"regexp"
	"testing"
	"time"
)

func TestVersionString(t *testing.T) {
	tests := []struct {
		major, minor, micro int
		level               string
		serial              int
		want                string
	}{
		{3, 12, 1, "final", 0, "3.12.1"},
		{2, 7, 18, "final", 0, "2.7.18"},
		{3, 14, 0, "alpha", 1, "3.14.0a1"},
		{3, 13, 0, "beta", 2, "3.13.0b2"},
		{3, 13, 0, "candidate", 1, "3.13.0rc1"},
	}
	for _, tt := range tests {
		if got := versionString(tt.major, tt.minor, tt.micro, tt.level, tt.serial); got != tt.want {
			t.Errorf("versionString(%d, %d, %d, %q, %d) = %q, want %q", tt.major, tt.minor, tt.micro, tt.level, tt.serial, got, tt.want)
		}
	}
}

func TestGoArch(t *testing.T) {
	tests := map[string]string{
		"x86_64":  "amd64",
		"AMD64":   "amd64",
		"aarch64": "arm64",
		"arm64":   "arm64",
		"ARM64":   "arm64",
		"i686":    "386",
		"armv7l":  "arm",
		"ppc64le": "ppc64le",
		"mips64":  "mips64",
	}
	for machine, want := range tests {
		if got := goArch(machine); got != want {
			t.Errorf("goArch(%q) = %q, want %q", machine, got, want)
		}
	}
}

func TestInterpreterNames(t *testing.T) {
	tests := []struct {
		it       Interpreter
		short    string
		features []string
		str      string
	}{
		{
			it:       Interpreter{RealPath: "/root/.pyenv/versions/3.12.1/bin/python3.12", Version: "3.12.1", Major: 3, Minor: 12, Micro: 1, Implementation: "cpython"},
			short:    "3.12",
			features: []string{"python3.12"},
			str:      "CPython 3.12.1 /root/.pyenv/versions/3.12.1/bin/python3.12",
		},
		{
			it:       Interpreter{RealPath: "/usr/bin/python3.13t", Version: "3.13.0", Major: 3, Minor: 13, Implementation: "cpython", FreeThreaded: true},
			short:    "3.13t",
			features: []string{"python3.13", "free-threading"},
			str:      "CPython 3.13.0t /usr/bin/python3.13t",
		},
		{
			it:       Interpreter{RealPath: "/opt/py/bin/python3.14", Version: "3.14.0a1", Major: 3, Minor: 14, Implementation: "cpython", FreeThreaded: true, Debug: true},
			short:    "3.14td",
			features: []string{"python3.14", "free-threading", "debug-python"},
			str:      "CPython 3.14.0a1t (debug) /opt/py/bin/python3.14",
		},
		{
			// Debian's python3.11-dbg, identified on this machine (2026-11-30):
			// sysconfig Py_DEBUG=1, ABIFLAGS "d".
			it:       Interpreter{RealPath: "/usr/bin/python3.11d", Version: "3.11.2", Major: 3, Minor: 11, Micro: 2, Implementation: "cpython", Debug: true},
			short:    "3.11d",
			features: []string{"python3.11", "debug-python"},
			str:      "CPython 3.11.2 (debug) /usr/bin/python3.11d",
		},
		{
			it:       Interpreter{RealPath: "/usr/bin/pypy3", Version: "3.10.14", Major: 3, Minor: 10, Implementation: "pypy"},
			short:    "3.10",
			features: []string{"python3.10"},
			str:      "PyPy 3.10.14 /usr/bin/pypy3",
		},
		{
			it:       Interpreter{RealPath: "/usr/bin/python2.7", Version: "2.7.18", Major: 2, Minor: 7, Implementation: "cpython"},
			short:    "2.7",
			features: []string{"python2.7"},
			str:      "CPython 2.7.18 /usr/bin/python2.7",
		},
	}
	for _, tt := range tests {
		if got := tt.it.ShortVersion(); got != tt.short {
			t.Errorf("%s: ShortVersion() = %q, want %q", tt.str, got, tt.short)
		}
		if got := tt.it.Features(); !reflect.DeepEqual(got, tt.features) {
			t.Errorf("%s: Features() = %q, want %q", tt.str, got, tt.features)
		}
		if got := tt.it.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
	}
}

func TestKey(t *testing.T) {
	mtime := time.Date(2024, 5, 9, 12, 0, 0, 123, time.UTC)
	base := Interpreter{RealPath: "/usr/bin/python3.11", Size: 6831736, ModTime: mtime}
	key := base.Key()
	if !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(key) {
		t.Fatalf("Key() = %q, want 16 hex digits", key)
	}

	// What does not name the file must not change the key.
	same := base
	same.Path = "/bin/python3"
	same.Source = SourcePath
	same.PipVersion = "24.0"
	same.ModTime = mtime.In(time.FixedZone("elsewhere", 3600))
	if got := same.Key(); got != key {
		t.Errorf("Key() changed with Path, Source, PipVersion or time zone: %q, want %q", got, key)
	}

	tests := map[string]func(*Interpreter){
		"RealPath": func(i *Interpreter) { i.RealPath = "/usr/local/bin/python3.11" },
		"Size":     func(i *Interpreter) { i.Size++ },
		"ModTime":  func(i *Interpreter) { i.ModTime = i.ModTime.Add(time.Nanosecond) },
	}
	for field, change := range tests {
		other := base
		change(&other)
		if other.Key() == key {
			t.Errorf("Key() did not change with %s", field)
		}
	}
}
