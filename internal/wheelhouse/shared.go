package wheelhouse

import (
	"fmt"
	"os"
	"path/filepath"
)

// Shared returns the folder of real binding-library wheels (nanobind,
// pybind11) that sits beside the repository, ../shared/wheels, found from
// the test's working directory; or "" and why, for the test's skip
// message. Tests that compile against a real binding library need it: the
// package index is not reachable where they run.
func Shared() (string, string) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err.Error()
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "no go.mod above the test's folder"
		}
		dir = parent
	}
	wheels := filepath.Join(filepath.Dir(dir), "shared", "wheels")
	matches, _ := filepath.Glob(filepath.Join(wheels, "nanobind-*.whl"))
	if len(matches) == 0 {
		return "", fmt.Sprintf("%s is absent (no nanobind wheel): the binding-library wheels are not on this machine", wheels)
	}
	return wheels, ""
}
