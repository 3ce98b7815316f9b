package envs

import (
	"path/filepath"
	"strings"
	"time"
)

// InstallError is a venv or installer command that failed. Error gives the
// tool's own diagnosis in a few lines; Output keeps everything it printed.
type InstallError struct {
	Key     string
	Command []string
	Output  string // full, stdout and stderr interleaved
	// TimedOut is the time limit the command reached and was killed at
	// (see installtimeout.go); 0 when it ended by itself.
	TimedOut time.Duration
}

// maxErrorLines and maxErrorLineLen bound what Error shows: enough for pip's
// "ERROR:" pair or uv's "×"/"╰─▶" explanation, never a wall of log.
const (
	maxErrorLines   = 6
	maxErrorLineLen = 400
)

// Error is the tool's own error, shortened: pip's "ERROR: ..." lines (uv's
// "error:"/"×"/"╰─▶"/"Caused by:" lines), or, for tools that print no such
// prefix (pip 18 prints "Could not find a version..." bare) and for crashes,
// the last few meaningful lines.
func (e *InstallError) Error() string {
	lines := diagnosisLines(e.Output)
	if e.TimedOut > 0 {
		why := e.what() + " did not finish within " + e.TimedOut.String() + " and was stopped (an index that answers slowly? CLEANEXIT_INSTALL_TIMEOUT sets the limit)"
		if len(lines) == 0 {
			return why
		}
		return why + "; its last words: " + strings.Join(lines, "\n")
	}
	if len(lines) == 0 {
		return e.what() + " failed with no output"
	}
	if sites := e.Unreachable(); len(sites) > 0 {
		return e.what() + " failed: no answer from " + strings.Join(sites, ", ") + ": " + strings.Join(lines, "\n")
	}
	return e.what() + " failed: " + strings.Join(lines, "\n")
}

// what names the failed step for the message.
func (e *InstallError) what() string {
	var words []string
	for _, a := range e.Command {
		if !strings.HasPrefix(a, "-") {
			words = append(words, a)
		}
	}
	has := func(w string) bool {
		for _, x := range words {
			if x == w {
				return true
			}
		}
		return false
	}
	tool := "pip"
	if len(e.Command) > 0 && strings.TrimSuffix(filepath.Base(e.Command[0]), ".exe") == "uv" {
		tool = "uv"
	}
	switch {
	case has("venv"):
		return "creating the virtual environment (" + tool + ")"
	case tool == "uv":
		return "uv pip install"
	case has("download"):
		return "pip download"
	default:
		return "pip install"
	}
}

// diagnosisLines picks the lines of installer output that state the problem.
func diagnosisLines(output string) []string {
	all := strings.Split(strings.ReplaceAll(output, "\r\n", "\n"), "\n")
	var picked []string
	for _, l := range all {
		t := strings.TrimSpace(l)
		if cause, ok := uvCause(t); ok && len(picked) > 0 {
			// uv states the problem in two lines, the second saying which
			// package: one line, since a report shows the first.
			last := &picked[len(picked)-1]
			*last = shorten(strings.TrimSuffix(*last, ":") + ": " + cause)
		} else if isErrorLine(t) {
			picked = append(picked, shorten(t))
		}
	}
	if len(picked) == 0 {
		for i := len(all) - 1; i >= 0 && len(picked) < 3; i-- {
			t := strings.TrimSpace(all[i])
			if t == "" || isChatter(t) {
				continue
			}
			picked = append([]string{shorten(t)}, picked...)
		}
	}
	if len(picked) > maxErrorLines {
		picked = picked[len(picked)-maxErrorLines:]
	}
	return picked
}

// uvCause is the explanation uv prints under its error line: "╰─▶ …"
// before uv 0.10 or so, "cause: …" in uv 0.13 (uv 0.13.9, recorded on this
// machine with no terminal).
func uvCause(t string) (string, bool) {
	for _, p := range []string{"╰─▶", "cause:"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

func isErrorLine(t string) bool {
	for _, p := range []string{"ERROR:", "error:", "×", "╰─▶", "Caused by:"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// isChatter reports progress lines that never explain a failure.
func isChatter(t string) bool {
	for _, p := range []string{"Looking in ", "Collecting ", "Processing ", "Downloading ", "Using cached ",
		"Requirement already satisfied", "Installing collected packages", "WARNING: ", "Retrying (", "Resolved ", "Prepared ",
		"Using Python ", "Using CPython ", "Creating virtual environment", "Activate with"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

func shorten(s string) string {
	if len(s) <= maxErrorLineLen {
		return s
	}
	return s[:maxErrorLineLen] + "..."
}

// networkSymptoms are what pip (urllib3/requests) and uv (reqwest) print
// when an index cannot be reached.
var networkSymptoms = []string{
	"NewConnectionError",
	"Failed to establish a new connection",
	"Temporary failure in name resolution",
	"Name or service not known",
	"nodename nor servname provided",
	"No address associated with hostname",
	"Network is unreachable",
	"Connection refused",
	"Max retries exceeded",
	"ConnectTimeoutError",
	"ReadTimeoutError",
	"ProxyError",
	"Could not fetch URL",
	"Failed to fetch",
	"error sending request",
	"dns error",
	"tcp connect error",
	"Could not connect to",
}

// NeedsNetwork reports whether the output shows that a package index could
// not be reached: the fix is a network, a mirror (--index-url) or a local
// wheelhouse (--find-links with --no-index), not a different requirement.
// pip reports a failed connection only when it retries it, so with
// PIP_RETRIES=0 an unreachable index looks like a missing package.
func (e *InstallError) NeedsNetwork() bool {
	for _, s := range networkSymptoms {
		if strings.Contains(e.Output, s) {
			return true
		}
	}
	return false
}
