package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cache"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

const pythonUsage = `usage: cleanexit python install VERSION…

  install 3.13t 3.14    run 'uv python install' with these versions, then show
                        the interpreters cleanexit finds for each (3.13t is
                        the free-threaded build)

Without uv on PATH it says how to get one.
`

func cmdPython(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, pythonUsage)
		return exitUsage
	}
	switch sub, rest := args[0], args[1:]; sub {
	case "-h", "--help", "help":
		fmt.Fprint(stdout, pythonUsage)
		return 0
	case "install":
		return pythonInstall(rest, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "cleanexit python: unknown subcommand %q%s\n%s", sub, didYouMean(sub, []string{"install"}), pythonUsage)
		return exitUsage
	}
}

// pythonInstall provisions interpreters through uv and proves discovery
// finds them: an install discovery cannot see would leave every case that
// asks for it UNSUPPORTED, which is worse than an error now.
func pythonInstall(versions []string, stdout, stderr io.Writer) int {
	if len(versions) == 0 {
		fmt.Fprint(stderr, pythonUsage)
		return exitUsage
	}
	var sels []cases.PythonSelector
	for _, v := range versions {
		sel, err := cases.ParsePythonSelector(v)
		if err != nil || sel.Spec != nil {
			fmt.Fprintf(stderr, "cleanexit python install: %q: want a version such as 3.13, 3.12.1 or 3.13t\n", v)
			return exitUsage
		}
		sels = append(sels, sel)
	}
	ctx := context.Background()
	if err := toolchains.InstallWithUV(ctx, versions, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "cleanexit python install: %v\n", err)
		return exitFailed
	}
	root, err := cache.Default(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit python install: %v\n", err)
		return exitFailed
	}
	ins, err := toolchains.Discover(ctx, toolchains.Options{CacheDir: root.Identities(), Warn: warnings("python install", stderr)})
	if err != nil && !errors.Is(err, toolchains.ErrNoInterpreter) {
		fmt.Fprintf(stderr, "cleanexit python install: %v\n", err)
		return exitFailed
	}
	missing := 0
	for i, sel := range sels {
		var found []string
		for _, in := range ins {
			if sel.Matches(cases.PythonBuild{Major: in.Major, Minor: in.Minor, Micro: in.Micro, FreeThreaded: in.FreeThreaded, Debug: in.Debug}) {
				found = append(found, fmt.Sprintf("%s %s (%s)", in.ShortVersion(), in.Path, in.Source))
			}
		}
		if len(found) == 0 {
			missing++
			fmt.Fprintf(stderr, "cleanexit python install: uv ran, but no interpreter matches %s where cleanexit looks (PATH, pyenv, $UV_PYTHON_INSTALL_DIR or uv's data directory); name it in CLEANEXIT_PYTHONS\n", versions[i])
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n", versions[i], strings.Join(found, ", "))
	}
	if missing > 0 {
		return exitFailed
	}
	return 0
}
