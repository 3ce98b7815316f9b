package runner

import (
	"net/url"
	"sync"

	"github.com/cleanexit/cleanexit/internal/plan"
)

// silentSites are the sites besides the index (a find-links page, an extra
// index) that a build of this session found silent: pip retries a site
// that does not answer for about 8 s, and a case off the index runs on
// every interpreter and variant, so each later run that needs one of them
// is UNSUPPORTED at once, saying which run found it silent. The index
// itself is the network probe's (toolchains.Features), not this.
type silentSites struct {
	mu    sync.Mutex
	found map[string]string // redacted URL → the run that found it silent
}

// note records what a failed build's installer could not reach.
func (s *silentSites) note(sites []string, runID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.found == nil {
		s.found = map[string]string{}
	}
	for _, site := range sites {
		if _, ok := s.found[site]; !ok {
			s.found[site] = runID
		}
	}
}

// silent is why r's build cannot succeed, when one of the sites it needs
// besides the index was found silent earlier: "" otherwise.
func (s *silentSites) silent(r *plan.Run) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.found) == 0 {
		return ""
	}
	for _, entry := range append(append([]string(nil), r.Index.FindLinks...), r.Index.Extra...) {
		u, err := url.Parse(entry)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		// pip names the page it looked in, uv the host it could not fetch from.
		for _, site := range []string{u.Redacted(), (&url.URL{Scheme: u.Scheme, Host: u.Host, User: u.User}).Redacted()} {
			if first, ok := s.found[site]; ok {
				return "no answer from " + site + " (found silent by " + first + " this session)"
			}
		}
	}
	return ""
}
