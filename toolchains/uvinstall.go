package toolchains

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
)

// ErrNoUV is InstallWithUV's error when no uv is on PATH. It says how to get
// one, and how to do without.
var ErrNoUV = errors.New("uv not found on PATH; install it (https://docs.astral.sh/uv/getting-started/installation/: " +
	"`curl -LsSf https://astral.sh/uv/install.sh | sh`, `pipx install uv` or `brew install uv`; in GitHub Actions, " +
	"astral-sh/setup-uv), or install the interpreters another way and name them in CLEANEXIT_PYTHONS")

// InstallWithUV runs `uv python install VERSION…`, with uv's own output to
// stdout and stderr. uv puts what it installs where Discover looks
// ($UV_PYTHON_INSTALL_DIR, else uv's data directory), so a Discover after
// it finds them; the caller checks that it does. Versions are passed as
// given: uv reads "3.13t" as the free-threaded build, as cleanexit does.
func InstallWithUV(ctx context.Context, versions []string, stdout, stderr io.Writer) error {
	uv, err := exec.LookPath("uv")
	if err != nil {
		return ErrNoUV
	}
	cmd := exec.CommandContext(ctx, uv, append([]string{"python", "install"}, versions...)...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s python install: %w", uv, err)
	}
	return nil
}
