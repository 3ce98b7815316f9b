package runner

import (
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// TestSilentSites: a site found silent makes later runs that need it
// UNSUPPORTED at once, matched as pip names it (the page) and as uv does
// (the host), credentials hidden; a run that does not need it, or needs
// it only as a local folder, is left to build.
func TestSilentSites(t *testing.T) {
	var s silentSites
	run := func(findLinks, extra []string) *plan.Run {
		return &plan.Run{Index: cases.Index{FindLinks: findLinks, Extra: extra}}
	}
	eudsl := "https://ci:t0ken@llvm.github.io/eudsl"
	if why := s.silent(run([]string{eudsl}, nil)); why != "" {
		t.Fatalf("nothing found silent yet, got %q", why)
	}
	s.note([]string{"https://ci:xxxxx@llvm.github.io/eudsl"}, "mlir/context-shutdown/default/3.12")
	s.note([]string{"https://mirror.example"}, "p/c/default/3.13")
	for _, tt := range []struct {
		name             string
		findLinks, extra []string
		want             string
	}{
		{"the same page", []string{"/opt/wheels", eudsl}, nil, "no answer from https://ci:xxxxx@llvm.github.io/eudsl (found silent by mlir/context-shutdown/default/3.12 this session)"},
		{"a host uv could not fetch from", nil, []string{"https://mirror.example/simple"}, "no answer from https://mirror.example (found silent by p/c/default/3.13 this session)"},
		{"another page of the same host", []string{"https://llvm.github.io/other"}, nil, ""},
		{"local folders", []string{"/opt/wheels"}, nil, ""},
		{"nothing off the index", nil, nil, ""},
	} {
		if got := s.silent(run(tt.findLinks, tt.extra)); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	if strings.Contains(s.silent(run([]string{eudsl}, nil)), "t0ken") {
		t.Error("the message shows the credentials")
	}
}
