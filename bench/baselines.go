package main

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// baselineEnv is what the baselines run with: the user's environment, with
// pip's self-check off so that the naive path is not charged for a network
// timeout it would not have elsewhere.
var baselineEnv = []string{"PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INPUT=1"}

// xargsLoop is workload 1's baseline, the loop the issue names: n runs of
// `python -c pass` on the real interpreter binary, two at a time.
func xargsLoop(python string, n int) process {
	line := fmt.Sprintf("seq %d | xargs -P2 -I{} %s -c pass", n, shellQuote(python))
	return process{env: baselineEnv, args: []string{"sh", "-c", line}}
}

// naivePath is workload 2's baseline: what people do by hand or in a tox-like
// loop, once per case, one after the other: `python -m venv` (ensurepip
// included), that venv's pip installing the case's packages from the
// wheelhouse, and the case's script.
func naivePath(python string, ws *workspace, scratch string) trial {
	return func() (time.Duration, time.Duration, error) {
		root, err := os.MkdirTemp(scratch, "naive-")
		if err != nil {
			return 0, 0, err
		}
		defer os.RemoveAll(root)
		var cpu time.Duration
		start := time.Now()
		for i, stmt := range ws.PkgImports {
			venv := filepath.Join(root, fmt.Sprint(i))
			steps := [][]string{
				{python, "-m", "venv", venv},
				append([]string{filepath.Join(venv, "bin", "pip"), "install", "-q", "--no-index", "--find-links", ws.Wheels}, packageSets[ws.PkgSet[i]]...),
				{filepath.Join(venv, "bin", "python"), "-c", stmt},
			}
			for _, args := range steps {
				m, err := (process{env: baselineEnv, args: args}).run()
				if err != nil {
					return 0, 0, err
				}
				cpu += m.cpu
			}
		}
		return time.Since(start), cpu, nil
	}
}

// floorEnvs builds, for each package set, the least a working environment
// takes: `python -m venv --without-pip` and the wheels unzipped into its
// site-packages, no installer at all. It returns each set's venv python.
func floorEnvs(python, version string, ws *workspace, root string) (pythons []string, cpu time.Duration, err error) {
	for i, set := range packageSets {
		venv := filepath.Join(root, fmt.Sprintf("set%d", i))
		m, err := (process{env: baselineEnv, args: []string{python, "-m", "venv", "--without-pip", venv}}).run()
		if err != nil {
			return nil, 0, err
		}
		cpu += m.cpu
		site := filepath.Join(venv, "lib", "python"+version, "site-packages")
		for _, dist := range set {
			if err := unzip(filepath.Join(ws.Wheels, moduleOf(dist)+"-1.0-py3-none-any.whl"), site); err != nil {
				return nil, 0, fmt.Errorf("unzipping %s: %w", dist, err)
			}
		}
		pythons = append(pythons, filepath.Join(venv, "bin", "python"))
	}
	return pythons, cpu, nil
}

// floorCold is workload 2's floor: the floor environments built from
// nothing, then the cases run two at a time.
func floorCold(python, version string, ws *workspace, scratch string) trial {
	return func() (time.Duration, time.Duration, error) {
		root, err := os.MkdirTemp(scratch, "floor-")
		if err != nil {
			return 0, 0, err
		}
		defer os.RemoveAll(root)
		start := time.Now()
		pythons, envCPU, err := floorEnvs(python, version, ws, root)
		if err != nil {
			return 0, 0, err
		}
		_, runCPU, err := floorRuns(pythons, ws)()
		if err != nil {
			return 0, 0, err
		}
		return time.Since(start), envCPU + runCPU, nil
	}
}

// floorRuns is workload 3's baseline: the cases' scripts run two at a time
// straight on ready environments: the process starts a warm run cannot
// avoid.
func floorRuns(pythons []string, ws *workspace) trial {
	return func() (time.Duration, time.Duration, error) {
		start := time.Now()
		var mu sync.Mutex
		var cpu time.Duration
		work := make(chan int)
		errs := make(chan error, len(ws.PkgImports))
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range work {
					cmd := exec.Command(pythons[ws.PkgSet[i]], "-c", ws.PkgImports[i])
					out, err := cmd.CombinedOutput()
					if err != nil {
						errs <- fmt.Errorf("floor run %d: %v\n%s", i, err, out)
						continue
					}
					mu.Lock()
					cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
					mu.Unlock()
				}
			}()
		}
		for i := range ws.PkgImports {
			work <- i
		}
		close(work)
		wg.Wait()
		close(errs)
		if err := <-errs; err != nil {
			return 0, 0, err
		}
		return time.Since(start), cpu, nil
	}
}

// unzip extracts a wheel into dir, which is all installing a pure-Python
// wheel takes (RECORD and INSTALLER aside).
func unzip(wheel, dir string) error {
	zr, err := zip.OpenReader(wheel)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if !strings.HasPrefix(path, filepath.Clean(dir)+string(os.PathSeparator)) {
			return fmt.Errorf("%s: entry %q leaves the folder", wheel, f.Name)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			return err
		}
		r, err := f.Open()
		if err != nil {
			return err
		}
		w, err := os.Create(path)
		if err != nil {
			r.Close()
			return err
		}
		_, err = io.Copy(w, r)
		r.Close()
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
