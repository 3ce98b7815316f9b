package main

import (
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/testscript"
)

// rmEnvFile CACHE PATH removes PATH inside the one environment of the cache
// folder CACHE, as a user cleaning up by hand or a full disk would.
func rmEnvFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: rm-env-file CACHE PATH")
	}
	envs, err := filepath.Glob(filepath.Join(ts.MkAbs(args[0]), "envs", "[0-9a-f]*"))
	ts.Check(err)
	if len(envs) != 1 {
		ts.Fatalf("want one environment in %s, have %d", args[0], len(envs))
	}
	path := filepath.Join(envs[0], filepath.FromSlash(args[1]))
	if _, err := os.Lstat(path); err != nil {
		ts.Fatalf("%v", err)
	}
	ts.Check(os.RemoveAll(path))
}
