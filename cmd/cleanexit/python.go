package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cleanexit/cleanexit/runner"
)

const pythonUsage = `usage: cleanexit python install VERSION…

  install 3.13t 3.14    run 'uv python install' with these versions, then show
                        the interpreters cleanexit finds for each (3.13t is
                        the free-threaded build)

Without uv on PATH it says how to get one.
`

func cmdPython(args []string, stdout, stderr io.Writer) error {
	return group{"python", pythonUsage, []command{{"install", "", pythonInstall}}}.run(args, stdout, stderr)
}

// pythonInstall provisions interpreters through uv and shows what
// discovery finds of them afterwards; a version it finds none of fails.
func pythonInstall(versions []string, stdout, stderr io.Writer) error {
	if len(versions) == 0 {
		fmt.Fprint(stderr, pythonUsage)
		return exit(exitUsage, nil)
	}
	installed, err := runner.InstallPythons(context.Background(), versions, stdout, stderr, warnings("python install", stderr))
	if errors.Is(err, runner.ErrNotAVersion) {
		return exit(exitUsage, err)
	} else if err != nil {
		return err
	}
	var missing error
	for _, p := range installed {
		if len(p.Found) == 0 {
			missing = exit(exitFailed, nil)
			fmt.Fprintf(stderr, "cleanexit python install: uv ran, but no interpreter matches %s where cleanexit looks (PATH, pyenv, $UV_PYTHON_INSTALL_DIR or uv's data directory); name it in CLEANEXIT_PYTHONS\n", p.Version)
			continue
		}
		var found []string
		for _, in := range p.Found {
			found = append(found, fmt.Sprintf("%s %s (%s)", in.ShortVersion(), in.Path, in.Source))
		}
		fmt.Fprintf(stdout, "%s: %s\n", p.Version, strings.Join(found, ", "))
	}
	return missing
}
