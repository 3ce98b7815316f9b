package envs

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/proctable"
)

// TestCancelKillsBuildBackend: Ctrl-C while a PEP 517 build backend runs
// (here one that starts a child and hangs) kills the whole build, pip, its
// _in_process.py backend and the backend's child, and leaves none of pip's
// temporary folders behind in the caller's TMPDIR.
func TestCancelKillsBuildBackend(t *testing.T) {
	proctable.Require(t)
	t.Parallel()
	spec := testPython(t, "3.12")
	dir := t.TempDir()
	started := filepath.Join(dir, "started")
	marker := proctable.Marker(t, "cleanexit-backend-marker")
	pkg := filepath.Join(dir, "hangpkg")
	write := func(name, content string) {
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(pkg, "pyproject.toml"), "[build-system]\nrequires = []\nbuild-backend = \"hangbackend\"\nbackend-path = [\".\"]\n\n[project]\nname = \"hangpkg\"\nversion = \"1.0\"\n")
	write(filepath.Join(pkg, "hangbackend.py"), `import subprocess, sys, time
def get_requires_for_build_wheel(config_settings=None):
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", "`+marker+`"])
    open(r"`+started+`", "w").close()
    time.sleep(300)
`)
	spec.Packages = []string{pkg}
	spec.Index = Index{NoIndex: true}
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o777); err != nil {
		t.Fatal(err)
	}
	c := &Cache{Root: filepath.Join(dir, "cache"), Installer: "pip", environ: append(os.Environ(), "TMPDIR="+tmp)}
	defer c.Close()

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if _, err := os.Stat(started); err == nil {
				break
			}
		}
		cancel()
	}()
	_, err := c.Ensure(ctx, spec)
	if err == nil {
		t.Fatal("Ensure succeeded, want it cancelled")
	}
	if _, serr := os.Stat(started); serr != nil {
		t.Fatalf("the backend never started: %v", err)
	}
	time.Sleep(100 * time.Millisecond) // let the killed processes go
	if left := proctable.Matching(marker); len(left) > 0 {
		t.Errorf("left running after Ctrl-C: %v", left)
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		t.Errorf("left in TMPDIR: %s", e.Name())
	}
}
