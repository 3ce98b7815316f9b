package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
)

func cmdPython(args []string, stdout, stderr io.Writer) error {
	return command.Group{Name: "python", Synopsis: "install VERSION…", Footer: "Without uv on PATH it says how to get one.", Commands: []command.Command{
		{Name: "install", Summary: "run 'uv python install' with these versions (3.13t: the free-threaded build), then show the interpreters cleanexit finds for each", Run: pythonInstall},
	}}.Run(args, stdout, stderr)
}

// pythonInstall provisions interpreters through uv and shows what
// discovery finds of them afterwards; a version it finds none of fails.
func pythonInstall(versions []string, stdout, stderr io.Writer) error {
	if len(versions) == 0 {
		return command.Exit(command.UsageError, errors.New("name the versions to install, such as 3.13t 3.14"))
	}
	installed, err := runner.InstallPythons(context.Background(), versions, stdout, stderr, warnings("python install", stderr))
	if errors.Is(err, runner.ErrNotAVersion) {
		return command.Exit(command.UsageError, err)
	} else if err != nil {
		return err
	}
	var missing error
	for _, p := range installed {
		if len(p.Found) == 0 {
			missing = command.Exit(command.Failed, nil)
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
