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
	if !e.NeedsNetwork() {
		return nil
	}
	var sites []string
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
	for _, u := range remote {
		for _, p := range paths {
			if prefix := strings.TrimSuffix(u.Path, "/"); strings.HasPrefix(p[1], prefix) {
				add(u)
				break
			}
		}
	}
	if len(sites) == 0 {
		for _, u := range remote {
			add(u)
		}
	}
	return sites
}
