package envs

import (
	"fmt"
	"time"
)

// An index that accepts connections and then answers slowly, or never,
// would keep pip or uv waiting for as long as their own retries allow
// (pip: --timeout per read, 5 retries each; PIP_DEFAULT_TIMEOUT=180 makes
// that 18 minutes a request), and the run waiting with them. So every venv
// and installer command of a build has a time limit, and one that reaches it
// is killed and reported as an InstallError that says so.

// defaultInstallTimeout bounds one command of a build: room for the largest
// wheels the corpus installs (hundreds of MB) over a slow link.
const defaultInstallTimeout = 30 * time.Minute

// installTimeout is the limit on one command of a build: Cache.InstallTimeout,
// else the caller's CLEANEXIT_INSTALL_TIMEOUT (a Go duration: 90s, 10m), else
// defaultInstallTimeout.
func (c *Cache) installTimeout() (time.Duration, error) {
	if c.InstallTimeout > 0 {
		return c.InstallTimeout, nil
	}
	if s := c.Getenv("CLEANEXIT_INSTALL_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("envs: CLEANEXIT_INSTALL_TIMEOUT=%q is not a positive duration (like 90s or 10m)", s)
		}
		return d, nil
	}
	return defaultInstallTimeout, nil
}
