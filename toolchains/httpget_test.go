package toolchains

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestHTTPGet sends real requests through each kind of interpreter this
// machine has (the one RequestPython picks, and a Python 2.7), to a
// server of the test's.
func TestHTTPGet(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/simple/":
			w.Write([]byte("<a href='pkg-1.0.tar.gz'>pkg-1.0.tar.gz</a>"))
		case "/private/":
			want := "Basic " + base64.StdEncoding.EncodeToString([]byte("alice:s3 cret"))
			if r.Header.Get("Authorization") != want {
				http.Error(w, "who are you", http.StatusUnauthorized)
				return
			}
			w.Write([]byte("welcome"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	closed := nobodyListens(t) + "/simple/"
	withCreds := strings.Replace(srv.URL, "http://", "http://alice:s3%20cret@", 1)

	tests := []struct {
		name       string
		url        string
		limit      int
		wantStatus int
		wantBody   string
		wantErr    string
	}{
		{name: "a page", url: srv.URL + "/simple/", limit: 1 << 20, wantStatus: 200, wantBody: "<a href='pkg-1.0.tar.gz'>pkg-1.0.tar.gz</a>"},
		{name: "no more than the limit", url: srv.URL + "/simple/", limit: 8, wantStatus: 200, wantBody: "<a href="},
		{name: "the status alone", url: srv.URL + "/simple/", wantStatus: 200},
		{name: "a 404 is an answer", url: srv.URL + "/nothing/", wantStatus: 404},
		{name: "credentials go in a header", url: withCreds + "/private/", limit: 100, wantStatus: 200, wantBody: "welcome"},
		{name: "no answer", url: closed, wantErr: "refused"},
	}
	for _, py := range pythonsToAsk(t) {
		for _, tt := range tests {
			status, body, err := HTTPGet(context.Background(), py, noVariables, tt.url, tt.limit, 5*time.Second)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("%s: %s: err = %v, want one saying %q", py, tt.name, err, tt.wantErr)
				}
				continue
			}
			if err != nil || status != tt.wantStatus || string(body) != tt.wantBody {
				t.Errorf("%s: %s: HTTPGet = %d, %q, %v; want %d, %q", py, tt.name, status, body, err, tt.wantStatus, tt.wantBody)
			}
		}
	}
}

// TestHTTPGetThroughTheProxy: the caller's proxy variable reaches python,
// which sends the request to the proxy, as pip would.
func TestHTTPGetThroughTheProxy(t *testing.T) {
	py := requestPython(t)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A proxy is asked for the whole URL.
		w.Write([]byte("proxied " + r.URL.String()))
	}))
	defer proxy.Close()
	env := map[string]string{"http_proxy": proxy.URL, "NO_PROXY": "", "no_proxy": ""}
	status, body, err := HTTPGet(context.Background(), py, func(k string) string { return env[k] }, "http://index.invalid/simple/", 100, 5*time.Second)
	if err != nil || status != 200 || string(body) != "proxied http://index.invalid/simple/" {
		t.Errorf("HTTPGet through the proxy = %d, %q, %v", status, body, err)
	}
}

// pythonsToAsk are the interpreters TestHTTPGet sends its requests with.
func pythonsToAsk(t *testing.T) []string {
	t.Helper()
	found, _ := Discover(context.Background(), Options{Getenv: thisMachine, CacheDir: t.TempDir()})
	out := []string{requestPython(t)}
	for _, in := range found {
		if in.Major == 2 {
			return append(out, in.Path)
		}
	}
	t.Log("no Python 2 here: its urllib2 is not tried")
	return out
}

func TestRequestPython(t *testing.T) {
	in := func(path string, major, minor int, ft, debug bool) *Interpreter {
		return &Interpreter{Path: path, Major: major, Minor: minor, FreeThreaded: ft, Debug: debug}
	}
	tests := []struct {
		name string
		ins  []*Interpreter
		want string
	}{
		{"none", nil, ""},
		{"the newest 3", []*Interpreter{in("/a/3.9", 3, 9, false, false), in("/a/3.13", 3, 13, false, false), in("/a/2.7", 2, 7, false, false)}, "/a/3.13"},
		{"a plain build before a newer free-threaded or debug one", []*Interpreter{in("/a/3.13t", 3, 13, true, false), in("/a/3.12", 3, 12, false, false), in("/a/3.14d", 3, 14, false, true)}, "/a/3.12"},
		{"only special builds: the newest", []*Interpreter{in("/a/3.13t", 3, 13, true, false), in("/a/3.14d", 3, 14, false, true)}, "/a/3.14d"},
		{"only Python 2", []*Interpreter{in("/a/2.7", 2, 7, false, false)}, "/a/2.7"},
	}
	for _, tt := range tests {
		if got := RequestPython(tt.ins); got != tt.want {
			t.Errorf("%s: RequestPython = %q, want %q", tt.name, got, tt.want)
		}
	}
}
