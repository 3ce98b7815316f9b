package envs

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// indexServer is a PEP 503 simple index over the wheels of a folder that,
// like the mirror this project's machines reach PyPI through, sends no
// caching headers, so pip's HTTP cache keeps nothing. It counts the GETs of
// each file, and with a password set answers only requests that carry it.
type indexServer struct {
	*httptest.Server
	user, password string
	stall          chan struct{} // when set, every request waits for it to close

	mu   sync.Mutex
	gets map[string]int
}

func newIndexServer(t *testing.T, dir, user, password string, stall chan struct{}) *indexServer {
	t.Helper()
	s := &indexServer{user: user, password: password, stall: stall, gets: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.stall != nil {
			select {
			case <-s.stall:
			case <-r.Context().Done():
			}
			return
		}
		if u, p, _ := r.BasicAuth(); s.password != "" && (u != s.user || p != s.password) {
			w.Header().Set("WWW-Authenticate", `Basic realm="index"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.whl"))
		if name, ok := strings.CutPrefix(r.URL.Path, "/files/"); ok {
			s.mu.Lock()
			s.gets[name]++
			s.mu.Unlock()
			http.ServeFile(w, r, filepath.Join(dir, filepath.Base(name)))
			return
		}
		project := strings.Trim(strings.TrimPrefix(r.URL.Path, "/simple/"), "/")
		var links []string
		for _, f := range files {
			base := filepath.Base(f)
			dist, _, _ := strings.Cut(base, "-")
			if strings.ReplaceAll(strings.ToLower(dist), "_", "-") == project {
				links = append(links, fmt.Sprintf(`<a href="/files/%s">%s</a>`, base, base))
			}
		}
		if len(links) == 0 {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, "<!DOCTYPE html><html><body>%s</body></html>", strings.Join(links, "\n"))
	}))
	t.Cleanup(func() {
		if stall != nil {
			close(stall)
		}
		s.Close()
	})
	return s
}

func (s *indexServer) fileGets() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.gets)
}

// callerEnviron is the test process's environment without any pip setting
// that would point pip elsewhere, plus extra.
func callerEnviron(extra ...string) []string {
	env := withoutVariables(os.Environ(), []string{"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_NO_INDEX", "PIP_CONFIG_FILE", "CLEANEXIT_INSTALL_TIMEOUT"})
	return append(env, extra...)
}

// TestPipDownloadsEachFileOncePerCacheRoot builds two environments with
// different packages from an index that forbids nothing and caches
// nothing: every wheel crosses the network once, the second environment
// taking alpha and beta from the cache root's download folder.
func TestPipDownloadsEachFileOncePerCacheRoot(t *testing.T) {
	t.Parallel()
	srv := newIndexServer(t, wheelhouse(t, threeWheels...), "", "", nil)
	c := newTestCache(t)
	c.environ = callerEnviron()
	for _, pkgs := range [][]string{{"gamma"}, {"beta", "alpha==1.0"}, {"gamma", "beta"}} {
		spec := testPython(t, "3.12")
		spec.Packages = pkgs
		spec.Index = Index{URL: srv.URL + "/simple/"}
		env, err := c.Ensure(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		if !env.Built {
			t.Fatalf("%v: not built", pkgs)
		}
	}
	want := map[string]int{"alpha-1.0-py3-none-any.whl": 1, "beta-1.0-py3-none-any.whl": 1, "gamma-1.0-py3-none-any.whl": 1}
	if got := srv.fileGets(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("file downloads = %v, want each once: %v", got, want)
	}
	held, _ := filepath.Glob(filepath.Join(c.Root, "downloads", "*.whl"))
	if len(held) != 3 {
		t.Errorf("downloads folder holds %v, want the three wheels", held)
	}
}

// TestPipIndexCredentialsServeTheDownloadOnly installs through
// PIP_INDEX_URL with a password in it, as a company mirror is configured:
// the download uses it, and the install, whose build backends are the
// packages' own code, runs with no index URL and no pip configuration.
func TestPipIndexCredentialsServeTheDownloadOnly(t *testing.T) {
	t.Parallel()
	srv := newIndexServer(t, wheelhouse(t, threeWheels...), "ci", "s3cret-token", nil)
	withAuth := strings.Replace(srv.URL, "http://", "http://ci:s3cret-token@", 1) + "/simple/"
	c := newTestCache(t)
	c.environ = callerEnviron("PIP_INDEX_URL=" + withAuth)
	spec := testPython(t, "3.12")
	spec.Packages = []string{"gamma"}
	env, err := c.Ensure(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"alpha==1.0", "beta==1.0", "gamma==1.0"}; !slices.Equal(env.Installed, want) {
		t.Errorf("Installed = %q, want %q", env.Installed, want)
	}
	m, err := readMarker(env.Dir, env.Key)
	if err != nil {
		t.Fatal(err)
	}
	last := m.Commands[len(m.Commands)-1]
	if !slices.Contains(last, "install") || !slices.Contains(last, "--no-index") {
		t.Errorf("the install command %q is not an offline one", last)
	}
	for _, cmd := range m.Commands {
		if strings.Contains(strings.Join(cmd, " "), "s3cret") {
			t.Errorf("a recorded command holds the password: %q", cmd)
		}
	}
	offline := offlineEnviron(c.environ)
	for _, kv := range offline {
		if strings.Contains(kv, "s3cret") {
			t.Errorf("the offline install's environment holds the password: %s", kv)
		}
	}
	if !slices.Contains(offline, "PIP_CONFIG_FILE="+os.DevNull) {
		t.Errorf("the offline install reads pip's configuration files: %q", offline)
	}
}

// TestSlowIndexIsStoppedAtTheInstallTimeout points pip at an index that
// accepts connections and never answers, with pip's own timeout raised as
// users do (PIP_DEFAULT_TIMEOUT=180): the build stops at
// CLEANEXIT_INSTALL_TIMEOUT and says why.
func TestSlowIndexIsStoppedAtTheInstallTimeout(t *testing.T) {
	t.Parallel()
	srv := newIndexServer(t, wheelhouse(t, threeWheels...), "", "", make(chan struct{}))
	c := newTestCache(t)
	c.environ = callerEnviron("PIP_DEFAULT_TIMEOUT=180", "CLEANEXIT_INSTALL_TIMEOUT=3s")
	spec := testPython(t, "3.12")
	spec.Packages = []string{"gamma"}
	spec.Index = Index{URL: srv.URL + "/simple/"}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, err := c.Ensure(ctx, spec)
	var ie *InstallError
	if !errors.As(err, &ie) || ie.TimedOut != 3*time.Second {
		t.Fatalf("Ensure = %v, want an InstallError that timed out at 3s", err)
	}
	if want := "pip download did not finish within 3s"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
}

// TestInstallTimeoutSetting reads CLEANEXIT_INSTALL_TIMEOUT and refuses a
// value that is not a positive duration.
func TestInstallTimeoutSetting(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  time.Duration
		bad   bool
	}{
		{"", defaultInstallTimeout, false},
		{"90s", 90 * time.Second, false},
		{"10m", 10 * time.Minute, false},
		{"ten", 0, true},
		{"-1s", 0, true},
		{"0", 0, true},
	} {
		c := &Cache{Getenv: func(name string) string {
			if name == "CLEANEXIT_INSTALL_TIMEOUT" {
				return tc.value
			}
			return ""
		}}
		got, err := c.installTimeout()
		if (err != nil) != tc.bad || got != tc.want {
			t.Errorf("CLEANEXIT_INSTALL_TIMEOUT=%q: %v, %v; want %v (error: %v)", tc.value, got, err, tc.want, tc.bad)
		}
	}
}
