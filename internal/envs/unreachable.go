package envs

import (
	"net/url"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// A case whose packages live off the index (a find-links page, a mirror
// that is down) is UNSUPPORTED for want of the network; the message says
// which site did not answer, since pip's own last words ("Could not find a
// version ... (from versions: 0.0.1)") name only the requirement, and the
// index may well have answered.

var (
	// lookingIn is pip's list of where it looks, printed first.
	lookingIn = lazyregexp.New(`(?m)^Looking in (?:indexes|links): (.+)$`)
	// retriedPath is the path of a request pip retried after a failed
	// connection, at the end of its warning.
	retriedPath = lazyregexp.New(`(?m)\)': (/\S*)\s*$`)
	// uvFetch is uv's "Failed to fetch: `URL`".
	uvFetch = lazyregexp.New("Failed to fetch: `([^`]+)`")
)

// Unreachable lists the sites the installer could not reach, with any
// credentials in their URLs hidden; none when the output shows no network
// failure or does not say where.
func (e *InstallError) Unreachable() []string {
	sites, _ := e.unreachable()
	return sites
}

// Silent lists the sites the installer's output shows it could not
// reach (a retried request, uv's "Failed to fetch"): unlike Unreachable,
// never every site it looked in for want of saying which.
func (e *InstallError) Silent() []string {
	if sites, certain := e.unreachable(); certain {
		return sites
	}
	return nil
}

func (e *InstallError) unreachable() (sites []string, certain bool) {
	if !e.NeedsNetwork() {
		return nil, false
	}
	add := func(u *url.URL) {
		s := u.Redacted()
		for _, have := range sites {
			if have == s {
				return
			}
		}
		sites = append(sites, s)
	}
	for _, m := range uvFetch.FindAllStringSubmatch(e.Output, -1) {
		if u, err := url.Parse(m[1]); err == nil && u.Host != "" {
			add(&url.URL{Scheme: u.Scheme, Host: u.Host, User: u.User})
		}
	}
	var remote []*url.URL
	for _, m := range lookingIn.FindAllStringSubmatch(e.Output, -1) {
		for _, entry := range strings.Split(m[1], ",") {
			if u, err := url.Parse(strings.TrimSpace(entry)); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
				remote = append(remote, u)
			}
		}
	}
	paths := retriedPath.FindAllStringSubmatch(e.Output, -1)
	// pip names only the path it retried: it belongs to the site whose
	// path is its longest prefix (an index at / prefixes every path).
	for _, p := range paths {
		var best *url.URL
		for _, u := range remote {
			prefix := strings.TrimSuffix(u.Path, "/")
			if strings.HasPrefix(p[1], prefix) && (best == nil || len(prefix) > len(strings.TrimSuffix(best.Path, "/"))) {
				best = u
			}
		}
		if best != nil {
			add(best)
		}
	}
	if len(sites) > 0 {
		return sites, true
	}
	for _, u := range remote {
		add(u)
	}
	return sites, false
}
