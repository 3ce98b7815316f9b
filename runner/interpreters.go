package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/internal/cache"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

// Interpreters discovers the interpreters of this machine as a session
// does, with their identities cached in the cache folder, and says what
// it rejects to warn. Without a cache folder it discovers them all the
// same, uncached, and warns of that.
func Interpreters(ctx context.Context, warn func(error)) ([]*toolchains.Interpreter, error) {
	opts := toolchains.Options{Warn: warn}
	if root, err := cache.Default(os.Getenv); err != nil {
		warn(err)
	} else {
		opts.CacheDir = root.Identities()
	}
	return toolchains.Discover(ctx, opts)
}

// ErrNotAVersion is InstallPythons' error for a version uv could not make
// sense of, such as a specifier: it is refused before uv runs.
var ErrNotAVersion = errors.New("want a version such as 3.13, 3.12.1 or 3.13t")

// An InstalledPython is one version `cleanexit python install` asked for
// and the interpreters discovery finds for it afterwards.
type InstalledPython struct {
	Version string
	Found   []*toolchains.Interpreter
}

// InstallPythons runs `uv python install` with versions (see
// toolchains.InstallWithUV, which writes uv's output to stdout and
// stderr), then discovers interpreters as every command does, and returns
// what it finds for each version. It is the caller's to fail on a version
// with none: an install that discovery cannot see would leave every case
// that asks for it UNSUPPORTED, which is worse than an error now.
func InstallPythons(ctx context.Context, versions []string, stdout, stderr io.Writer, warn func(error)) ([]InstalledPython, error) {
	var sels []cases.PythonSelector
	for _, v := range versions {
		sel, err := cases.ParsePythonSelector(v)
		if err != nil || sel.Spec != nil {
			return nil, fmt.Errorf("%q: %w", v, ErrNotAVersion)
		}
		sels = append(sels, sel)
	}
	if err := toolchains.InstallWithUV(ctx, versions, stdout, stderr); err != nil {
		return nil, err
	}
	ins, err := Interpreters(ctx, warn)
	if err != nil && !errors.Is(err, toolchains.ErrNoInterpreter) {
		return nil, err
	}
	out := make([]InstalledPython, len(versions))
	for i, sel := range sels {
		out[i].Version = versions[i]
		for _, in := range ins {
			if plan.Selects(sel, in) {
				out[i].Found = append(out[i].Found, in)
			}
		}
	}
	return out, nil
}
