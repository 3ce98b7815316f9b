package bisect

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

func TestBetween(t *testing.T) {
	listed := []string{"1.10", "1.2", "1.0", "1.9", "1.5rc1", "1.5", "2.0", "0.9", "1.5.dev0", "1.05"}
	for _, tc := range []struct {
		name, good, bad string
		pre             bool
		want            []string
		err             string
	}{
		{"ordered by PEP 440, not as strings", "1.0", "1.10", false, []string{"1.0", "1.2", "1.5", "1.9", "1.10"}, ""},
		{"pre-releases with --pre", "1.2", "1.9", true, []string{"1.2", "1.5.dev0", "1.5rc1", "1.5", "1.9"}, ""},
		{"ends not listed are still the ends", "1.1", "1.3", false, []string{"1.1", "1.2", "1.3"}, ""},
		{"good after bad: newest first, for the first fixed", "1.9", "1.2", false, []string{"1.9", "1.5", "1.2"}, ""},
		{"same", "1.0", "1.0.0", false, nil, "the same version"},
		{"bad version", "x.y", "1.0", false, nil, "--good"},
	} {
		got, fixed, err := between(listed, tc.good, tc.bad, tc.pre)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err = %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: between = %v, %v; want %v", tc.name, got, err, tc.want)
		}
		if want := tc.good > tc.bad; fixed != want {
			t.Errorf("%s: fixed = %v, want %v", tc.name, fixed, want)
		}
	}
}

func TestListVersions(t *testing.T) {
	py := requestPython(t)
	dir := t.TempDir()
	for _, f := range []string{"crashy_pkg-1.0-py3-none-any.whl", "crashy_pkg-1.1-py3-none-any.whl", "other-9.0-py3-none-any.whl"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	page := `<html><body>
<a href="../../packages/crashy_pkg-1.2-py3-none-any.whl#sha256=00">crashy_pkg-1.2-py3-none-any.whl</a>
<a href="https://files.example/crashy-pkg-1.3.tar.gz" data-requires-python="&gt;=3.8">crashy-pkg-1.3.tar.gz</a>
</body></html>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/simple/crashy-pkg/" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(page))
	}))
	defer srv.Close()

	for _, tc := range []struct {
		name     string
		ix       cases.Index
		want     []string
		warnings int
		err      string
	}{
		{"find-links folder", cases.Index{FindLinks: []string{dir}, NoIndex: true}, []string{"1.0", "1.1"}, 0, ""},
		{"find-links file URL", cases.Index{FindLinks: []string{"file://" + filepath.ToSlash(dir)}, NoIndex: true}, []string{"1.0", "1.1"}, 0, ""},
		{"simple index", cases.Index{URL: srv.URL + "/simple"}, []string{"1.2", "1.3"}, 0, ""},
		{"both", cases.Index{URL: srv.URL + "/simple/", FindLinks: []string{dir}}, []string{"1.0", "1.1", "1.2", "1.3"}, 0, ""},
		{"a missing folder is a warning", cases.Index{FindLinks: []string{dir, filepath.Join(dir, "nope")}, NoIndex: true}, []string{"1.0", "1.1"}, 1, ""},
		{"nothing found", cases.Index{URL: srv.URL + "/elsewhere/"}, nil, 0, "404"},
		{"nowhere to look", cases.Index{NoIndex: true}, nil, 0, "no find-links"},
	} {
		got, warnings, err := listVersions(context.Background(), py, noVariables, tc.ix, "Crashy_Pkg")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err = %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		slices.Sort(got)
		if err != nil || !slices.Equal(got, tc.want) || len(warnings) != tc.warnings {
			t.Errorf("%s: listVersions = %v, %v, %v; want %v and %d warnings", tc.name, got, warnings, err, tc.want, tc.warnings)
		}
	}
}

// requestPython is the interpreter of this machine that sends the
// requests; the test skips, saying so, where there is none.
func requestPython(t *testing.T) string {
	t.Helper()
	found, err := toolchains.Discover(context.Background(), toolchains.Options{Getenv: os.Getenv, CacheDir: t.TempDir()})
	py := toolchains.RequestPython(found)
	if py == "" {
		t.Skipf("no interpreter to send HTTP requests: %v", err)
	}
	return py
}

// noVariables is an environment without proxies, whatever the caller's.
func noVariables(string) string { return "" }
