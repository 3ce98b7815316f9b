package envs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
)

// Environment variables that turn the test binary into a helper process
// which runs one Ensure and prints the result as JSON (see TestMain).
const (
	helperRootVar = "CLEANEXIT_ENVS_HELPER_ROOT"
	helperSpecVar = "CLEANEXIT_ENVS_HELPER_SPEC"
)

type helperResult struct {
	Built bool   `json:"built"`
	Dir   string `json:"dir"`
	Err   string `json:"err,omitempty"`
}

func TestMain(m *testing.M) {
	if root := os.Getenv(helperRootVar); root != "" {
		os.Exit(helperEnsure(root, os.Getenv(helperSpecVar)))
	}
	os.Exit(m.Run())
}

// helperEnsure is the body of a helper process.
func helperEnsure(root, specJSON string) int {
	var spec Spec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	c := &Cache{Root: root, Installer: "pip"}
	defer c.Close()
	json.NewEncoder(os.Stdout).Encode(ensureResult(c, spec))
	return 0
}

// ensureResult runs one Ensure, in a helper process or a goroutine of the
// test, and says what it did.
func ensureResult(c *Cache, spec Spec) helperResult {
	var res helperResult
	env, err := c.Ensure(context.Background(), spec)
	if err != nil {
		res.Err = err.Error()
	} else {
		res.Built, res.Dir = env.Built, env.Dir
	}
	return res
}

// TestConcurrentProcessesBuildOnce: separate processes (this test binary
// re-executed) and goroutines of this one race for the same environment;
// exactly one of them builds it.
func TestConcurrentProcessesBuildOnce(t *testing.T) {
	t.Parallel()
	spec := testPython(t, "3.12")
	spec.Packages = []string{"gamma"}
	spec.Index = offline(wheelhouse(t, threeWheels...))
	root := t.TempDir()
	specJSON, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}

	const processes, goroutines = 3, 3
	var mu sync.Mutex
	var results []helperResult
	var wg sync.WaitGroup
	for range processes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), helperRootVar+"="+root, helperSpecVar+"="+string(specJSON))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			var res helperResult
			if err == nil {
				err = json.Unmarshal(out, &res)
			}
			if err != nil {
				res.Err = fmt.Sprintf("helper process: %v\n%s%s", err, out, stderr.Bytes())
			}
			mu.Lock()
			results = append(results, res)
			mu.Unlock()
		}()
	}
	c := &Cache{Root: root, Installer: "pip"}
	defer c.Close()
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := ensureResult(c, spec)
			mu.Lock()
			results = append(results, res)
			mu.Unlock()
		}()
	}
	wg.Wait()

	built := 0
	for _, r := range results {
		if r.Err != "" {
			t.Fatal(r.Err)
		}
		if r.Built {
			built++
		}
		if r.Dir != c.envDir(spec.key()) {
			t.Errorf("a caller got %s", r.Dir)
		}
	}
	if built != 1 {
		t.Errorf("%d of %d callers built the environment, want exactly 1: %+v", built, len(results), results)
	}
}
