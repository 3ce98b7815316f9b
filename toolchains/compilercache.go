package toolchains

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/atomicfile"
)

// compilerCacheName is the file, beside identities.json, that remembers
// that the C compiler worked: building a test program was 60-130 ms of
// every session whose cases require cc.
const compilerCacheName = "compiler.json"

// compilerCacheAge bounds how long a remembered answer is believed, so
// that a toolchain broken by other means than the files of the key shows
// within a day.
const compilerCacheAge = 24 * time.Hour

// compilerEntry is what compiler.json holds: a yes, the key it was given
// for, and when. Only a yes is kept: a forged or stale entry can then
// only make a build that fails FAIL, never hide a case as UNSUPPORTED.
type compilerEntry struct {
	Key string    `json:"key"`
	Why string    `json:"why"`
	At  time.Time `json:"at"`
}

// compilerKey names what the probe's answer depends on: $CC and PATH, and
// the compiler driver, assembler and linker PATH finds, each by resolved
// path, size and modification time. "" when the compiler is not found:
// nothing is remembered then.
func compilerKey(getenv func(string) string) string {
	cc := strings.Fields(getenv("CC"))
	if len(cc) == 0 {
		cc = []string{"cc"}
	}
	parts := []string{"CC=" + getenv("CC"), "PATH=" + getenv("PATH")}
	for _, tool := range []string{cc[0], "as", "ld"} {
		path := lookPathIn(tool, getenv("PATH"))
		if path == "" {
			if tool == cc[0] {
				return ""
			}
			parts = append(parts, tool+"=none")
			continue
		}
		real, err := filepath.EvalSymlinks(path)
		if err != nil {
			return ""
		}
		fi, err := os.Stat(real)
		if err != nil {
			return ""
		}
		parts = append(parts, fmt.Sprintf("%s=%s:%d:%d", tool, real, fi.Size(), fi.ModTime().UnixNano()))
	}
	return strings.Join(parts, "\x00")
}

// lookPathIn finds an executable named name in path (a PATH value), as
// the shell would; a name with a slash is taken as it is.
func lookPathIn(name, path string) string {
	if strings.Contains(name, "/") {
		return name
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// rememberedCompiler answers the cc probe from dir/compiler.json when it
// holds a yes for the same key, given within compilerCacheAge; otherwise
// it probes, and remembers a yes.
func rememberedCompiler(ctx context.Context, dir string, getenv func(string) string, now time.Time, probe func(context.Context) (bool, string)) (bool, string) {
	key := compilerKey(getenv)
	if dir == "" || key == "" {
		return probe(ctx)
	}
	file := filepath.Join(dir, compilerCacheName)
	var e compilerEntry
	if data, err := os.ReadFile(file); err == nil && json.Unmarshal(data, &e) == nil &&
		e.Key == key && e.Why != "" && now.Sub(e.At) >= 0 && now.Sub(e.At) < compilerCacheAge {
		return true, e.Why + " (remembered from " + e.At.UTC().Format("2006-01-02 15:04 MST") + ")"
	}
	ok, why := probe(ctx)
	if ok && key == compilerKey(getenv) {
		if data, err := json.Marshal(compilerEntry{Key: key, Why: why, At: now}); err == nil {
			// A cache that cannot be written costs the next session the
			// probe again, nothing more.
			_ = os.MkdirAll(dir, 0o777)
			_ = atomicfile.Write(file, data, 0o666)
		}
	}
	return ok, why
}
