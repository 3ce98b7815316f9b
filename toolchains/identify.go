package toolchains

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// identifyScript prints the facts of the interpreter that runs it as one JSON
// line. It must run on Python 2.7 and 3.6+.
//
//go:embed identify.py
var identifyScript string

// identifyScriptHash names the version of identifyScript that produced a
// cached identity: a changed script invalidates every cached identity.
var identifyScriptHash = func() string {
	h := sha256.Sum256([]byte(identifyScript))
	return hex.EncodeToString(h[:8])
}()

// identifyTimeout bounds one identification. A working interpreter answers
// in tens of milliseconds; one that hangs (a Windows Store stub, a python
// waiting on a network filesystem) must not stall discovery.
var identifyTimeout = 10 * time.Second

// errIdentifyTimeout marks an identification that ran out of time. It is
// remembered like any other failure, keyed by the file's identity: an
// interpreter that hangs would otherwise cost every later command the
// whole timeout again.
var errIdentifyTimeout = errors.New("no answer")

// identifyArgs run identifyScript with the caller's environment ignored
// (-E), no user site directory (-s) and no site import (-S): a .pth file
// can be slow, print to stdout or fail, and none of it is the interpreter's
// identity.
var identifyArgs = []string{"-S", "-E", "-s", "-c", identifyScript}

// identityEnvVars are the only variables an identified interpreter sees.
// PYTHONHOME, PYTHONPATH and friends of the caller would change the answer;
// -E guards against most but not, on every version, all of them.
var identityEnvVars = []string{"PATH", "HOME", "LANG", "SYSTEMROOT"}

// identityEnv builds the clean environment an interpreter is identified in.
func identityEnv(getenv func(string) string) []string {
	env := []string{}
	for _, k := range identityEnvVars {
		if v := getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// Identify runs the interpreter at path once and reports what it is. It
// consults no cache. A path without a separator is looked up in PATH.
func Identify(ctx context.Context, path string) (*Interpreter, error) {
	if !strings.ContainsRune(path, filepath.Separator) && !strings.ContainsRune(path, '/') {
		found, err := exec.LookPath(path)
		if err != nil {
			return nil, fmt.Errorf("identify %s: %w", path, err)
		}
		path = found
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("identify %s: %w", path, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("identify %s: %w", path, err)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("identify %s: %w", path, err)
	}
	return identify(ctx, runCommand, identityEnv(os.Getenv), abs, abs, real, fi)
}

// identify runs the interpreter at exe and describes it as the file real
// (whose stat is fi) reached through path.
func identify(ctx context.Context, run commandRunner, env []string, exe, path, real string, fi os.FileInfo) (*Interpreter, error) {
	ctx, cancel := context.WithTimeout(ctx, identifyTimeout)
	defer cancel()
	stdout, stderr, err := run(ctx, env, exe, identifyArgs...)
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return nil, fmt.Errorf("identify %s: %w within %s; killed it and its children", path, errIdentifyTimeout, identifyTimeout)
		}
		if msg := lastLine(stderr); msg != "" {
			return nil, fmt.Errorf("identify %s: %w: %s", path, err, msg)
		}
		return nil, fmt.Errorf("identify %s: %w", path, err)
	}
	facts, err := parseIdentity(stdout)
	if err != nil {
		return nil, fmt.Errorf("identify %s: %w", path, err)
	}
	return &Interpreter{
		Path:           path,
		RealPath:       real,
		Source:         SourceExplicit,
		Version:        versionString(facts.Major, facts.Minor, facts.Micro, facts.ReleaseLevel, facts.Serial),
		Major:          facts.Major,
		Minor:          facts.Minor,
		Micro:          facts.Micro,
		Implementation: facts.Implementation,
		FreeThreaded:   facts.GILDisabled,
		Debug:          facts.Debug,
		Arch:           goArch(facts.Machine),
		Include:        facts.Include,
		ExtSuffix:      facts.ExtSuffix,
		PipVersion:     facts.PipVersion,
		PipDir:         facts.PipDir,
		Size:           fi.Size(),
		ModTime:        fi.ModTime(),
	}, nil
}

// identityFacts is what identifyScript prints.
type identityFacts struct {
	Major          int    `json:"major"`
	Minor          int    `json:"minor"`
	Micro          int    `json:"micro"`
	ReleaseLevel   string `json:"releaselevel"`
	Serial         int    `json:"serial"`
	Implementation string `json:"implementation"`
	GILDisabled    bool   `json:"gil_disabled"`
	Debug          bool   `json:"debug"`
	Machine        string `json:"machine"`
	Include        string `json:"include"`
	ExtSuffix      string `json:"ext_suffix"`
	PipVersion     string `json:"pip_version"`
	PipDir         string `json:"pip_dir"`
}

// parseIdentity reads the JSON line identifyScript printed. It takes the
// last line that looks like JSON, so that whatever an interpreter's startup
// prints before it (a sitecustomize banner) does not confuse it.
func parseIdentity(stdout []byte) (identityFacts, error) {
	var facts identityFacts
	lines := bytes.Split(bytes.TrimSpace(stdout), []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		line := bytes.TrimSpace(lines[i])
		if !bytes.HasPrefix(line, []byte("{")) {
			continue
		}
		if err := json.Unmarshal(line, &facts); err != nil {
			return facts, fmt.Errorf("unreadable identity %q: %w", line, err)
		}
		if facts.Major == 0 {
			return facts, fmt.Errorf("identity without a version: %q", line)
		}
		return facts, nil
	}
	if len(stdout) == 0 {
		return facts, errors.New("printed nothing: not a Python interpreter?")
	}
	return facts, fmt.Errorf("printed no identity: %q", lastLine(stdout))
}
