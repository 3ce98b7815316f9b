package toolchains

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProbeIndexAsksForAProjectPage: an index whose root never answers in
// time (a proxy building PyPI's 40 MB project list) still answers the
// page of one project, and installs work; the probe must say so.
func TestProbeIndexAsksForAProjectPage(t *testing.T) {
	py := requestPython(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/simple/" || r.URL.Path == "/simple" {
			<-r.Context().Done()
			return
		}
		w.Write([]byte("<html>a project</html>"))
	}))
	defer srv.Close()
	for _, index := range []string{srv.URL + "/simple/", srv.URL + "/simple"} {
		if err := probeIndex(context.Background(), py, noVariables, index, 0); err != nil {
			t.Errorf("probeIndex(%s) = %v, want an answer", index, err)
		}
	}
}

func TestProbeIndex(t *testing.T) {
	py := requestPython(t)
	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("<html>simple</html>"))
	}))
	defer ok.Close()
	notFound := httptest.NewServer(http.NotFoundHandler())
	defer notFound.Close()
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer slow.Close()
	closed := nobodyListens(t) + "/simple"

	dir := t.TempDir()
	file := filepath.Join(dir, "index.html")
	os.WriteFile(file, nil, 0o666)
	withCreds, _ := url.Parse(closed)
	withCreds.User = url.UserPassword("alice", "s3cret")

	tests := []struct {
		name    string
		url     string
		timeout time.Duration
		wantErr []string // substrings; none means success
		notErr  string
	}{
		{name: "answers 200", url: ok.URL + "/simple"},
		{name: "answers 404: still an answer", url: notFound.URL + "/simple"},
		{name: "nobody listening", url: closed, wantErr: []string{"no answer from " + closed + " within 2s", "refused"}},
		{name: "too slow", url: slow.URL + "/simple", timeout: 100 * time.Millisecond, wantErr: []string{"no answer from " + slow.URL + "/simple within 100ms"}},
		{name: "credentials are not shown", url: withCreds.String(), wantErr: []string{"no answer from http://alice:xxxxx@"}, notErr: "s3cret"},
		{name: "file URL to a directory", url: "file://" + filepath.ToSlash(dir)},
		{name: "plain directory path", url: dir},
		{name: "file URL to nothing", url: "file://" + filepath.ToSlash(dir) + "/missing", wantErr: []string{"package index directory", "missing"}},
		{name: "file URL to a file", url: "file://" + filepath.ToSlash(file), wantErr: []string{"is not a directory"}},
		{name: "unsupported scheme", url: "ftp://example.com/simple", wantErr: []string{`unsupported scheme "ftp"`}},
		{name: "relative path", url: "wheels", wantErr: []string{"unsupported scheme"}},
	}
	for _, tt := range tests {
		err := probeIndex(context.Background(), py, noVariables, tt.url, tt.timeout)
		if len(tt.wantErr) == 0 {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		for _, want := range tt.wantErr {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %q does not contain %q", tt.name, err, want)
			}
		}
		if tt.notErr != "" && strings.Contains(err.Error(), tt.notErr) {
			t.Errorf("%s: %q shows %q", tt.name, err, tt.notErr)
		}
	}
}

// requestPython is the interpreter of this machine that RequestPython
// picks; the test skips, saying so, where there is none.
func requestPython(t *testing.T) string {
	t.Helper()
	found, err := Discover(context.Background(), Options{Getenv: thisMachine, CacheDir: t.TempDir()})
	py := RequestPython(found)
	if py == "" {
		t.Skipf("no interpreter to send HTTP requests: %v", err)
	}
	return py
}

// noVariables is an environment without proxies, whatever the caller's.
func noVariables(string) string { return "" }

// nobodyListens is the URL of a local port nobody listens on: one bound,
// noted and closed.
func nobodyListens(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return "http://" + l.Addr().String()
}
