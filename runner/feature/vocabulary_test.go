package feature

import (
	"slices"
	"testing"
)

func TestKnown(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"linux", true}, {"darwin", true}, {"windows", true}, {"freebsd", true},
		{"amd64", true}, {"arm64", true}, {"386", true}, {"arm", true},
		{"ppc64le", true}, {"s390x", true}, {"riscv64", true},
		{"apple-silicon", true}, {"cuda", true}, {"cc", true}, {"network", true},
		{"free-threading", true}, {"debug-python", true}, {"asan", true},
		{"python3.0", true}, {"python3.9", true}, {"python3.13", true}, {"python3.99", true},
		{"python2.7", true},
		{"python3.100", false}, {"python3.013", false}, {"python3.", false}, {"python3", false},
		{"python3.x", false}, {"python2.6", false}, {"python4.0", false},
		{"macos", false}, {"Linux", false}, {"", false}, {"*", false}, {"python3.N", false},
	}
	for _, tt := range tests {
		if got := Known(tt.name); got != tt.want {
			t.Errorf("Known(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestVocabulary(t *testing.T) {
	v := Vocabulary()
	if !slices.IsSorted(v) {
		t.Errorf("Vocabulary() is not sorted: %q", v)
	}
	for _, want := range []string{"linux", "apple-silicon", "asan", "python2.7", "python3.N"} {
		if !slices.Contains(v, want) {
			t.Errorf("Vocabulary() lacks %q", want)
		}
	}
	for _, n := range v {
		if n != "python3.N" && !Known(n) {
			t.Errorf("Vocabulary() lists %q, which Known rejects", n)
		}
	}
	v[0] = "mutated"
	if Vocabulary()[0] == "mutated" {
		t.Error("Vocabulary() returns shared storage")
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct{ in, want string }{
		{"linux", "linux"},
		{"Linux", "linux"},
		{"macos", "darwin"},
		{"MacOS", "darwin"},
		{"osx", "darwin"},
		{"x86_64", "amd64"},
		{"aarch64", "arm64"},
		{"gpu", "cuda"},
		{"nvidia", "cuda"},
		{"gil-disabled", "free-threading"},
		{"nogil", "free-threading"},
		{"freethreading", "free-threading"},
		{"free-threaded", "free-threading"},
		{"linx", "linux"},
		{"darwn", "darwin"},
		{"windoze", "windows"},
		{"netwrk", "network"},
		{"apple_silicon", "apple-silicon"},
		{"debug_python", "debug-python"},
		{"pyhton3.13", "python3.13"},
		{"py3.13", "python3.13"},
		{"python313", "python3.13"},
		{"cpython-3.12", "python3.12"},
		{"py27", "python2.7"},
		{"3.11", "python3.11"},
		{"x", ""},
		{"ab", ""},
		{"kubernetes", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Suggest(tt.in); got != tt.want {
			t.Errorf("Suggest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, others := range aliasesOf {
		for _, o := range others {
			if Known(o) {
				t.Errorf("alias %q shadows a known name", o)
			}
		}
	}
}
