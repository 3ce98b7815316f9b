package envs

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// Outputs as pip and uv print them (pip's were captured on this machine;
// uv's follow its documented format).
const (
	pip23Missing = `Looking in links: /w
Processing /w/alpha-1.0-py3-none-any.whl
ERROR: Could not find a version that satisfies the requirement nosuch==9 (from versions: none)
ERROR: No matching distribution found for nosuch==9
`
	pip18Missing = `Looking in links: /w
Collecting nosuch==9
  Could not find a version that satisfies the requirement nosuch==9 (from versions: )
No matching distribution found for nosuch==9
`
	pip23Offline = `Looking in indexes: https://nonexistent.invalid/simple
WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f5f>: Failed to establish a new connection: [Errno -2] Name or service not known')': /simple/alpha/
ERROR: Could not find a version that satisfies the requirement alpha (from versions: none)
ERROR: No matching distribution found for alpha
`
	pip18Offline = `Collecting alpha
  Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPConnection object at 0x7f70>: Failed to establish a new connection: [Errno 111] Connection refused',)': /simple/alpha/
  Could not find a version that satisfies the requirement alpha (from versions: )
No matching distribution found for alpha
`
	uvMissing = `Using Python 3.12.1 environment at: /c/envs/.tmp-x/venv
  × No solution found when resolving dependencies:
  ╰─▶ Because nosuch was not found in the provided package locations and you require nosuch==9, we can conclude that your requirements are unsatisfiable.
`
	// uv 0.13.9, `uv pip install --no-index --find-links DIR -- nosuch==9`
	// with no terminal, on this machine.
	uv013Missing = `Using Python 3.12.1 environment at: /c/envs/.tmp-x/venv
error: No solution found when resolving dependencies
  cause: Because nosuch was not found in the provided package locations and you require nosuch==9, we can conclude that your requirements are unsatisfiable.
`
	uvOffline = `error: Failed to fetch: ` + "`https://pypi.org/simple/alpha/`" + `
  Caused by: Request failed after 3 retries
  Caused by: error sending request for url (https://pypi.org/simple/alpha/)
  Caused by: client error (Connect)
  Caused by: dns error: failed to lookup address information: Temporary failure in name resolution
`
	// pip 23.2 here, with a find-links page on a host that does not
	// resolve beside the index that answers.
	pipOffSiteLinks = `Looking in links: /opt/wheels, https://ci:t0ken@llvm.github.io/eudsl
WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f5d52015b20>: Failed to establish a new connection: [Errno -2] Name or service not known')': /eudsl
ERROR: Could not find a version that satisfies the requirement mlir-python-bindings==20261004+758aa4a92 (from versions: 0.0.1)
ERROR: No matching distribution found for mlir-python-bindings==20261004+758aa4a92
`
	pipCrash = `Collecting alpha
Traceback (most recent call last):
  File "/c/pip/x/pip/__main__.py", line 31, in <module>
    sys.exit(_main())
ModuleNotFoundError: No module named '_ctypes'
`
)

func TestInstallErrorMessage(t *testing.T) {
	pip := []string{"/c/envs/.tmp-x/venv/bin/python", "-m", "pip", "install", "--", "nosuch==9"}
	uv := []string{"/usr/bin/uv", "pip", "install", "--", "nosuch==9"}
	venv := []string{"/py/bin/python3", "-m", "venv", "--without-pip", "/c/envs/.tmp-x/venv"}
	tests := []struct {
		name    string
		command []string
		output  string
		want    string
		network bool
	}{
		{"pip 23 missing", pip, pip23Missing, "pip install failed: ERROR: Could not find a version that satisfies the requirement nosuch==9 (from versions: none)\nERROR: No matching distribution found for nosuch==9", false},
		{"pip 18 missing", pip, pip18Missing, "pip install failed: Could not find a version that satisfies the requirement nosuch==9 (from versions: )\nNo matching distribution found for nosuch==9", false},
		{"pip 23 offline", pip, pip23Offline, "pip install failed: no answer from https://nonexistent.invalid/simple: ERROR: Could not find a version that satisfies the requirement alpha (from versions: none)\nERROR: No matching distribution found for alpha", true},
		{"pip 18 offline", pip, pip18Offline, "pip install failed: Could not find a version that satisfies the requirement alpha (from versions: )\nNo matching distribution found for alpha", true},
		{"uv 0.13 missing", uv, uv013Missing, "uv pip install failed: error: No solution found when resolving dependencies: Because nosuch was not found in the provided package locations and you require nosuch==9, we can conclude that your requirements are unsatisfiable.", false},
		{"uv missing", uv, uvMissing, "uv pip install failed: × No solution found when resolving dependencies: Because nosuch was not found in the provided package locations and you require nosuch==9, we can conclude that your requirements are unsatisfiable.", false},
		{"uv offline", uv, uvOffline, "uv pip install failed: no answer from https://pypi.org: error: Failed to fetch: `https://pypi.org/simple/alpha/`\nCaused by: Request failed after 3 retries\nCaused by: error sending request for url (https://pypi.org/simple/alpha/)\nCaused by: client error (Connect)\nCaused by: dns error: failed to lookup address information: Temporary failure in name resolution", true},
		{"pip off-site find-links", pip, pipOffSiteLinks, "pip install failed: no answer from https://ci:xxxxx@llvm.github.io/eudsl: ERROR: Could not find a version that satisfies the requirement mlir-python-bindings==20261004+758aa4a92 (from versions: 0.0.1)\nERROR: No matching distribution found for mlir-python-bindings==20261004+758aa4a92", true},
		{"pip crash", pip, pipCrash, "pip install failed: File \"/c/pip/x/pip/__main__.py\", line 31, in <module>\nsys.exit(_main())\nModuleNotFoundError: No module named '_ctypes'", false},
		{"venv without output", venv, "", "creating the virtual environment (pip) failed with no output", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &InstallError{Key: "k", Command: tt.command, Output: tt.output}
			if got := e.Error(); got != tt.want {
				t.Errorf("Error():\n got %q\nwant %q", got, tt.want)
			}
			if got := e.NeedsNetwork(); got != tt.network {
				t.Errorf("NeedsNetwork() = %v, want %v", got, tt.network)
			}
		})
	}
}

// TestUnreachableIndexNeedsNetwork: a real pip against a closed port.
func TestUnreachableIndexNeedsNetwork(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"3.12", "3.6"} {
		t.Run(version, func(t *testing.T) {
			spec := testPython(t, version)
			spec.Packages = []string{"alpha"}
			spec.Index = Index{URL: "http://127.0.0.1:9/simple"}
			c := newTestCache(t)
			// One retry: pip reports connection errors only when retrying.
			c.environ = append(os.Environ(), "PIP_RETRIES=1", "PIP_TIMEOUT=2")
			_, err := c.Ensure(context.Background(), spec)
			var ie *InstallError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want *InstallError", err)
			}
			if !ie.NeedsNetwork() {
				t.Errorf("NeedsNetwork() = false for:\n%s", ie.Output)
			}
			if strings.Contains(err.Error(), "Retrying") {
				t.Errorf("message carries pip's retry noise: %s", err)
			}
		})
	}
}

// TestSilentNamesOnlyWhatTheOutputShows: Silent is what a session may
// hold against a site for the rest of its runs, so it names a site only
// where the output shows that site failing; Unreachable, for a message,
// falls back to every remote site the installer looked in.
func TestSilentNamesOnlyWhatTheOutputShows(t *testing.T) {
	pip := []string{"/v/bin/python", "-m", "pip", "install", "--", "alpha"}
	uv := []string{"/usr/bin/uv", "pip", "install", "--", "alpha"}
	unattributed := "Looking in indexes: https://pypi.org/simple\nLooking in links: https://example.com/links\nERROR: Could not fetch URL https://example.com/links: connection error: ReadTimeoutError\n"
	for _, tt := range []struct {
		name, output      string
		command           []string
		silent, unreached string
	}{
		{"pip index", pip23Offline, pip, "https://nonexistent.invalid/simple", "https://nonexistent.invalid/simple"},
		{"pip find-links", pipOffSiteLinks, pip, "https://ci:xxxxx@llvm.github.io/eudsl", "https://ci:xxxxx@llvm.github.io/eudsl"},
		{"uv", uvOffline, uv, "https://pypi.org", "https://pypi.org"},
		{"not the network", pip23Missing, pip, "", ""},
		{"which site is not said", unattributed, pip, "", "https://pypi.org/simple https://example.com/links"},
	} {
		e := &InstallError{Command: tt.command, Output: tt.output}
		if got := strings.Join(e.Silent(), " "); got != tt.silent {
			t.Errorf("%s: Silent() = %q, want %q", tt.name, got, tt.silent)
		}
		if got := strings.Join(e.Unreachable(), " "); got != tt.unreached {
			t.Errorf("%s: Unreachable() = %q, want %q", tt.name, got, tt.unreached)
		}
	}
}

// TestUnreachableTakesTheSiteOfTheRetriedPath: pip names only the path it
// retried; an index served at / answered, and the find-links page whose
// path it is did not.
func TestUnreachableTakesTheSiteOfTheRetriedPath(t *testing.T) {
	out := `Looking in indexes: http://127.0.0.1:41447/
Looking in links: http://127.0.0.1:9/links
WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPConnection object at 0x7f5d>: Failed to establish a new connection: [Errno 111] Connection refused')': /links
ERROR: Could not find a version that satisfies the requirement demo-pkg==2.0 (from versions: 1.0)
`
	e := &InstallError{Command: []string{"/v/bin/python", "-m", "pip", "download"}, Output: out}
	if got := strings.Join(e.Silent(), " "); got != "http://127.0.0.1:9/links" {
		t.Errorf("Silent() = %q, want only the find-links page", got)
	}
}
