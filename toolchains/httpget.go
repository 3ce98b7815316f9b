package toolchains

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// httpGetScript is the GET, in Python: see HTTPGet.
//
//go:embed httpget.py
var httpGetScript string

// NetworkVariables are the caller's variables that say how to reach the
// network: proxies, in both spellings that tools read, and the
// certificates of an index behind a TLS-inspecting proxy. Every program
// cleanexit starts to reach an index sees them: HTTPGet's interpreter and
// an environment's build.
var NetworkVariables = []string{
	"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY",
	"http_proxy", "https_proxy", "all_proxy", "no_proxy",
	"SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE",
}

// HTTPGet sends one GET for url and returns the answer's status code and
// up to limit bytes of its body. Any answer is returned, a 404 included;
// the error says there was none, or that python could not ask.
//
// The request is python's (urllib and ssl, python being an interpreter's
// path), with the NetworkVariables of getenv and nothing else of the
// caller's environment: it reaches the index the way pip's requests do,
// through the same proxy and certificates. cleanexit itself links no
// network code: Go's resolver is the one part of the standard library
// that needs cgo, and a binary that links the C library pays for the
// dynamic loader at every start, 2 ms of `cleanexit -h`'s 6.6 (4.7 ms
// static, perf stat -r 60). The URL goes on python's stdin, not its
// command line, where credentials in it would be readable by every user
// of the machine.
func HTTPGet(ctx context.Context, python string, getenv func(string) string, url string, limit int, timeout time.Duration) (status int, body []byte, err error) {
	// python's own start and imports get time beyond the request's.
	ctx, cancel := context.WithTimeout(ctx, timeout+5*time.Second)
	defer cancel()
	env := []string{} // nil would hand python the caller's whole environment
	for _, name := range NetworkVariables {
		if v := getenv(name); v != "" {
			env = append(env, name+"="+v)
		}
	}
	stdout, stderr, runErr := runWithInput(ctx, env, strings.NewReader(url+"\n"), python, "-E", "-s", "-S", "-c", httpGetScript,
		strconv.FormatFloat(timeout.Seconds(), 'f', -1, 64), strconv.Itoa(limit))
	var exit *exec.ExitError
	switch {
	case errors.As(runErr, &exit) && exit.ExitCode() == 2 && len(stderr) > 0:
		return 0, nil, errors.New(lastLine(stderr))
	case runErr != nil:
		why := runErr.Error()
		if len(stderr) > 0 {
			why = lastLine(stderr)
		}
		return 0, nil, fmt.Errorf("%s could not send the request: %s", python, why)
	}
	line, rest, _ := bytes.Cut(stdout, []byte("\n"))
	status, err = strconv.Atoi(string(line))
	if err != nil {
		return 0, nil, fmt.Errorf("%s answered %q, not a status code", python, line)
	}
	return status, rest, nil
}

// RequestPython is the interpreter of ins that sends cleanexit's HTTP
// requests: the newest Python 3 that is neither free-threaded nor a debug
// build (a plain build starts fastest), else the newest of any kind; ""
// when ins is empty.
func RequestPython(ins []*Interpreter) string {
	var best *Interpreter
	for _, in := range ins {
		plain := in.Major == 3 && !in.FreeThreaded && !in.Debug
		bestPlain := best != nil && best.Major == 3 && !best.FreeThreaded && !best.Debug
		switch {
		case best == nil, plain && !bestPlain:
			best = in
		case plain == bestPlain && newer(in, best):
			best = in
		}
	}
	if best == nil {
		return ""
	}
	return best.Path
}

func newer(a, b *Interpreter) bool {
	if a.Major != b.Major {
		return a.Major > b.Major
	}
	if a.Minor != b.Minor {
		return a.Minor > b.Minor
	}
	return a.Micro > b.Micro
}
