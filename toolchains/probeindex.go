package toolchains

import (
	"context"
	"fmt"
	"net/http"
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
// answered. For file URLs (and plain absolute paths) the directory must
// exist. The error says why, with any credentials in the URL redacted:
// "no answer from https://pypi.org/simple within 2s: ...".
func probeIndex(ctx context.Context, indexURL string, timeout time.Duration) error {
	if timeout <= 0 {
		timeout = defaultProbeIndexTimeout
	}
	u, err := url.Parse(indexURL)
	if err != nil {
		return fmt.Errorf("package index %q is not a URL: %w", indexURL, err)
	}
	switch u.Scheme {
	case "http", "https":
		return probeHTTPIndex(ctx, u, timeout)
	case "file":
		return probeIndexDir(fileURLPath(u))
	case "":
		if filepath.IsAbs(indexURL) {
			return probeIndexDir(indexURL)
		}
	}
	return fmt.Errorf("package index %s: unsupported scheme %q (want http, https or file)", u.Redacted(), u.Scheme)
}

// probeHTTPIndex sends one GET and reads nothing of the body: a simple
// index page can be megabytes.
func probeHTTPIndex(ctx context.Context, u *url.URL, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return fmt.Errorf("package index %s: %w", u.Redacted(), err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		// The url.Error repeats the URL, credentials included: keep its cause.
		if uerr, ok := err.(*url.Error); ok {
			err = uerr.Err
		}
		return fmt.Errorf("no answer from %s within %s: %w", u.Redacted(), timeout, err)
	}
	resp.Body.Close()
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
