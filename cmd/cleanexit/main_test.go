package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cleanexit/cleanexit/toolchains"

	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/wheelhouse"
	"github.com/rogpeppe/go-internal/testscript"
)

// The scripts under testdata/script drive the real command, in-process,
// the way cmd/go tests itself.
func TestMain(m *testing.M) {
	// Under nohup, or started by a runner that ignores SIGPIPE, the
	// scripts' shells and the cleanexit they start begin with those
	// signals at their defaults, as from a terminal.
	command.DefaultDispositions()
	testscript.Main(m, map[string]func(){
		"cleanexit": func() { os.Exit(Main()) },
	})
}

// cacheRoot is shared by every script of one test run: environments and
// interpreter identities are built once, as they would be for a user.
var cacheRoot string

func TestScripts(t *testing.T) {
	var err error
	cacheRoot, err = os.MkdirTemp("", "cleanexit-cli-cache-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(cacheRoot) })
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(e *testscript.Env) error {
			e.Setenv("CLEANEXIT_CACHE", cacheRoot)
			e.Setenv("NO_COLOR", "1")
			// A crash's rerun under gdb costs about a second; the
			// scripts about it turn it back on.
			e.Setenv("CLEANEXIT_BACKTRACE", "off")
			// The scripts see what a user's shell here would hold: a
			// PIP_FIND_LINKS naming a missing folder, PYTHON* settings.
			for _, k := range []string{"PYENV_ROOT", "PIP_FIND_LINKS", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE"} {
				if v := os.Getenv(k); v != "" {
					e.Setenv(k, v)
				}
			}
			e.Setenv("HOME", os.Getenv("HOME"))
			// Where testscript put the cleanexit command: a script that
			// narrows PATH (to hide this machine's uv, say) keeps it.
			e.Setenv("CLEANEXIT_BIN", filepath.SplitList(e.Getenv("PATH"))[0])
			// Real nanobind and pybind11 wheels, for the cases that build
			// against them; [wheels] is false, and SHARED_WHEELS says why,
			// when the folder is absent.
			wheels, why := wheelhouse.Shared()
			if wheels == "" {
				wheels = why
			}
			e.Setenv("SHARED_WHEELS", wheels)
			// The interpreter python3 runs here, a pyenv shim resolved:
			// the scripts about `exec` guard it, and gdb reruns it.
			py, _ := hostPython()
			e.Setenv("HOST_PYTHON", py)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "wheels":
				w, _ := wheelhouse.Shared()
				return w != "", nil
			case "filecheck": // LLVM's FileCheck is here, as the runner finds it
				return toolchains.FindFileCheck(os.Getenv) != "", nil
			case "host-python": // HOST_PYTHON is there, to build extensions with
				py, _ := hostPython()
				return py != "", nil
			case "pytest": // HOST_PYTHON imports pytest
				_, ok := hostPython()
				return ok, nil
			case "sandbox": // this kernel can confine a process (Landlock)
				return confine.Probe() == nil, nil
			case "sandbox-signals": // and keep it from signalling others
				return confine.Probe() == nil && confine.ScopesSignals(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mkwheel":     mkwheel,
			"mkextwheel":  mkextwheel,
			"procs":       procs,
			"waitprocs":   waitprocs,
			"rm-env-file": rmEnvFile,
			"serve-index": serveIndex,
		},
	})
}

// mkextwheel DIR NAME VERSION FILE writes a wheel holding FILE (an
// extension module the script built) at its top level, to be imported by
// its base name.
func mkextwheel(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: mkextwheel DIR NAME VERSION FILE")
	}
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o777))
	w := wheelhouse.Wheel{Name: args[1], Version: args[2], Files: map[string]string{filepath.Base(args[3]): ts.ReadFile(args[3])}}
	_, err := w.Write(dir)
	ts.Check(err)
}

// hostPython is the interpreter that python3 on PATH runs, and whether
// it imports pytest; "" when there is no python3.
var hostPython = sync.OnceValues(func() (string, bool) {
	out, err := exec.Command("python3", "-c", "import sys; print(sys.executable, flush=True); import pytest").Output()
	return strings.TrimSpace(string(out)), err == nil
})

// mkwheel DIR NAME VERSION MODULE [BODYFILE] writes a pure-Python wheel.
func mkwheel(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 4 || len(args) > 5 {
		ts.Fatalf("usage: mkwheel DIR NAME VERSION MODULE [BODYFILE]")
	}
	body := ""
	if len(args) == 5 {
		body = ts.ReadFile(args[4])
	}
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o777))
	_, err := wheelhouse.Module(args[1], args[2], args[3], body).Write(dir)
	ts.Check(err)
}

// indexServers are the indexes serve-index serves, by script.
var indexServers sync.Map

// serveIndex DIR serves DIR as a package index over HTTP, its folder
// listings standing for PEP 503 project pages, and sets INDEX_URL to it;
// `serve-index stop` stops it, so that a script can see what a run does
// once the index it built from stops answering.
func serveIndex(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: serve-index DIR|stop")
	}
	if args[0] == "stop" {
		srv, ok := indexServers.Load(ts)
		if !ok {
			ts.Fatalf("serve-index stop: no index is being served")
		}
		srv.(*httptest.Server).Close()
		return
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(ts.MkAbs(args[0]))))
	ts.Defer(srv.Close)
	ts.Setenv("INDEX_URL", srv.URL+"/")
	indexServers.Store(ts, srv)
}
