package runner

import (
	"context"
	"net"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/runner/result"
)

// TestUnansweringIndexIsAskedAbout: a build from an index that refuses
// connections fails at once and asks then; one from an index that takes
// connections and never answers runs past askAfter and is asked about
// beside the build, whose silence stops it. Either way the run is
// UNSUPPORTED for want of the network, not an environment FAIL, and not
// left to the install timeout (set far off here).
func TestUnansweringIndexIsAskedAbout(t *testing.T) {
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	go func() {
		var held []net.Conn // never answered, never closed before the end
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	for _, tt := range []struct{ name, url string }{
		{"refused", "http://127.0.0.1:9/simple/"},
		{"silent", "http://" + silent.Addr().String() + "/simple/"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			corpus, cache := oneCaseCorpus(t, "-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\npackages: [numpy==2.1.0]\n-- x.py --\npass\n")
			s, err := Open(context.Background(), Config{
				Args:      []string{corpus},
				CacheRoot: cache,
				Filter:    regexp.MustCompile(`/3\.12$`),
				Index:     cases.Index{URL: tt.url},
				Installer: "pip",
				Getenv: func(k string) string {
					if k == "CLEANEXIT_INSTALL_TIMEOUT" {
						return "10m"
					}
					return os.Getenv(k)
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if len(s.Runs) != 1 {
				t.Skipf("needs exactly one Python 3.12 here, found %d runs", len(s.Runs))
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			r := s.Execute(ctx, s.Runs[0])
			if r.Status != result.Unsupported || !strings.HasPrefix(r.Reason, "network: ") {
				t.Errorf("%s %s, want UNSUPPORTED network: …", r.Status, r.Reason)
			}
		})
	}
}
