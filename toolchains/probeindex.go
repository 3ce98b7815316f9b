package toolchains

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// defaultProbeIndexTimeout is how long probeIndex waits when given no
// timeout.
const defaultProbeIndexTimeout = 2 * time.Second

// probeIndex reports whether the package index at indexURL answers, so
// that cases needing the network can be UNSUPPORTED up front rather than
// fail in pip after a long timeout.
//
// For http and https, any HTTP response counts, even 404: something
// answered. python sends the request (see HTTPGet), with the network
// variables of getenv. For file URLs (and plain absolute paths) the
// directory must exist. The error says why, with any credentials in the
// URL redacted: "no answer from https://pypi.org/simple within 2s: ...".
func probeIndex(ctx context.Context, python string, getenv func(string) string, indexURL string, timeout time.Duration) error {
	if timeout <= 0 {
		timeout = defaultProbeIndexTimeout
	}
	u, err := url.Parse(indexURL)
	if err != nil {
		return fmt.Errorf("package index %q is not a URL: %w", indexURL, err)
	}
	switch u.Scheme {
	case "http", "https":
		return probeHTTPIndex(ctx, python, getenv, u, timeout)
	case "file":
		return probeIndexDir(fileURLPath(u))
	case "":
		if filepath.IsAbs(indexURL) {
			return probeIndexDir(indexURL)
		}
	}
	return fmt.Errorf("package index %s: unsupported scheme %q (want http, https or file)", u.Redacted(), u.Scheme)
}

// probeHTTPIndex sends one GET and reads nothing of the body. It asks for
// one project's page (pip's), not the index's root: the root lists every
// project (40 MB from PyPI), and a mirror or proxy may build all of it
// before its first byte, past the probe's limit, so that an index that
// answers every install was taken for no network. Any answer counts,
// a 404 from an index without pip included.
func probeHTTPIndex(ctx context.Context, python string, getenv func(string) string, u *url.URL, timeout time.Duration) error {
	if python == "" {
		return fmt.Errorf("package index %s: no interpreter to send the request", u.Redacted())
	}
	page := *u
	page.Path = strings.TrimSuffix(page.Path, "/") + "/pip/"
	page.RawPath = ""
	if _, _, err := HTTPGet(ctx, python, getenv, page.String(), 0, timeout); err != nil {
		// The reason may repeat the URL, credentials included.
		why := strings.ReplaceAll(err.Error(), page.String(), page.Redacted())
		why = strings.ReplaceAll(why, u.String(), u.Redacted())
		return fmt.Errorf("no answer from %s within %s: %s", u.Redacted(), timeout, why)
	}
	return nil
}

// probeIndexDir checks a local index directory.
func probeIndexDir(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("package index directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("package index %s is not a directory", dir)
	}
	return nil
}

// fileURLPath turns file:///C:/x into C:/x on Windows and leaves
// file:///x alone elsewhere.
func fileURLPath(u *url.URL) string {
	p := u.Path
	if runtime.GOOS == "windows" && len(p) > 2 && p[0] == '/' && p[2] == ':' {
		p = p[1:]
	}
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return filepath.FromSlash(p)
}
