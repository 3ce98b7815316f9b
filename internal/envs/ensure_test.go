package envs

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestEnsureInstallsWheelsOffline builds a real environment from a local
// wheelhouse with the copied-pip path, on a current Python and on 3.6 with
// pip 18.1, and checks the packages import, the console script runs after
// the environment was moved into place, and a second Cache finds it warm.
func TestEnsureInstallsWheelsOffline(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"3.12", "3.6"} {
		t.Run(version, func(t *testing.T) {
			spec := testPython(t, version)
			spec.Packages = []string{"gamma", "beta==1.0"}
			spec.Index = offline(wheelhouse(t, threeWheels...))
			c := newTestCache(t)

			env, err := c.Ensure(context.Background(), spec)
			if err != nil {
				t.Fatal(err)
			}
			if !env.Built {
				t.Error("Built = false for a fresh cache")
			}
			want := []string{"alpha==1.0", "beta==1.0", "gamma==1.0"}
			if !slices.Equal(env.Installed, want) {
				t.Errorf("Installed = %q, want %q", env.Installed, want)
			}
			if env.Dir != filepath.Join(c.Root, "envs", spec.key()) {
				t.Errorf("Dir = %s, want Root/envs/<key>", env.Dir)
			}
			out := runIn(t, env, os.Environ(), env.Python, "-c", "import alpha, beta, gamma, sys; print(gamma.VALUE, sys.prefix)")
			if want := "gamma 1.0 " + env.Dir; strings.TrimSpace(out) != want {
				t.Errorf("python in env printed %q, want %q", out, want)
			}
			if out := runIn(t, env, os.Environ(), filepath.Join(env.BinDir, "gamma-cli")); strings.TrimSpace(out) != "gamma 1.0" {
				t.Errorf("console script printed %q", out)
			}
			if left, _ := filepath.Glob(filepath.Join(c.Root, "envs", ".tmp-*")); len(left) > 0 {
				t.Errorf("build folders left behind: %v", left)
			}

			again := &Cache{Root: c.Root, Installer: "pip"}
			defer again.Close()
			warm, err := again.Ensure(context.Background(), spec)
			if err != nil {
				t.Fatal(err)
			}
			if warm.Built || warm.Dir != env.Dir || !slices.Equal(warm.Installed, want) {
				t.Errorf("warm Ensure = %+v, want the same env, not built", warm)
			}
		})
	}
}

// TestEnsureWithoutPackagesRunsNoInstaller: a bare venv needs no pip at all,
// even for an interpreter without one.
func TestEnsureWithoutPackagesRunsNoInstaller(t *testing.T) {
	t.Parallel()
	spec := testPython(t, "3.12")
	spec.PipDir = "" // would fail if an installer were asked for
	c := newTestCache(t)
	c.environ = append(os.Environ(), "PIP_FIND_LINKS="+filepath.Join(t.TempDir(), "missing"))
	env, err := c.Ensure(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(env.Installed) != 0 || len(env.Warnings) != 0 {
		t.Errorf("bare env: Installed %q, Warnings %q; want none", env.Installed, env.Warnings)
	}
	m, err := readMarker(env.Dir, env.Key)
	if err != nil {
		t.Fatal(err)
	}
	if m.Installer != "" || len(m.Commands) != 1 {
		t.Errorf("marker says installer %q, commands %q; want only the venv command", m.Installer, m.Commands)
	}
	if _, err := os.Stat(filepath.Join(c.Root, "pip")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("pip was copied for an environment without packages")
	}
}

// TestSharedKey: the same packages in another order (and repeated) name the
// same environment, built once.
func TestSharedKey(t *testing.T) {
	t.Parallel()
	base := testPython(t, "3.12")
	base.Index = offline(wheelhouse(t, threeWheels...))
	a, b := base, base
	a.Packages = []string{"alpha", "beta"}
	b.Packages = []string{"beta", "alpha", "alpha"}
	if a.key() != b.key() {
		t.Fatalf("keys differ: %s vs %s", a.key(), b.key())
	}
	c := newTestCache(t)
	ea, err := c.Ensure(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := c.Ensure(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if !ea.Built || eb.Built || ea.Dir != eb.Dir {
		t.Errorf("first Built=%v, second Built=%v, dirs %s %s; want one build, one dir", ea.Built, eb.Built, ea.Dir, eb.Dir)
	}
}

// TestInterruptedBuildIsNotUsed: a build cancelled after pip ran, an
// environment folder without marker, one with a marker for another key, and
// a leftover build folder all lead to a clean rebuild.
func TestInterruptedBuildIsNotUsed(t *testing.T) {
	t.Parallel()
	spec := testPython(t, "3.12")
	spec.Packages = []string{"alpha"}
	spec.Index = offline(wheelhouse(t, threeWheels...))
	key := spec.key()

	t.Run("cancelled", func(t *testing.T) {
		c := newTestCache(t)
		ctx, cancel := context.WithCancel(context.Background())
		c.beforeCommit = cancel
		if _, err := c.Ensure(ctx, spec); !errors.Is(err, context.Canceled) {
			t.Fatalf("Ensure with cancelled build = %v, want context.Canceled", err)
		}
		if _, err := os.Stat(filepath.Join(c.Root, "envs", key)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("cancelled build left envs/%s (%v)", key, err)
		}
		c.beforeCommit = nil
		env, err := c.Ensure(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		if !env.Built {
			t.Error("Ensure after a cancelled build did not build")
		}
	})

	damaged := map[string]func(t *testing.T, dir string){
		"no marker": func(t *testing.T, dir string) {},
		"marker of another key": func(t *testing.T, dir string) {
			if err := writeMarker(dir, &marker{Format: markerFormat, Key: "0123456789abcdef"}); err != nil {
				t.Fatal(err)
			}
		},
		"garbage marker": func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, markerName), []byte("{"), 0o666)
		},
	}
	for name, damage := range damaged {
		t.Run(name, func(t *testing.T) {
			c := newTestCache(t)
			dir := filepath.Join(c.Root, "envs", key)
			leftover := filepath.Join(c.Root, "envs", tempPrefix(key)+"123", "venv")
			for _, d := range []string{filepath.Join(dir, "bin"), leftover} {
				if err := os.MkdirAll(d, 0o777); err != nil {
					t.Fatal(err)
				}
			}
			damage(t, dir)
			env, err := c.Ensure(context.Background(), spec)
			if err != nil {
				t.Fatal(err)
			}
			if !env.Built || !slices.Equal(env.Installed, []string{"alpha==1.0"}) {
				t.Errorf("Ensure over a damaged env: Built=%v Installed=%q", env.Built, env.Installed)
			}
			if _, err := os.Stat(filepath.Dir(leftover)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("leftover build folder still there")
			}
			runIn(t, env, os.Environ(), env.Python, "-c", "import alpha")
		})
	}
}

// TestConcurrentEnsureBuildsOnce: goroutines of one Cache, and of two
// Caches (which only share the file lock), build the environment once.
func TestConcurrentEnsureBuildsOnce(t *testing.T) {
	t.Parallel()
	spec := testPython(t, "3.12")
	spec.Packages = []string{"gamma"}
	spec.Index = offline(wheelhouse(t, threeWheels...))
	root := t.TempDir()
	caches := []*Cache{{Root: root, Installer: "pip"}, {Root: root, Installer: "pip"}}
	for _, c := range caches {
		defer c.Close()
	}
	const n = 8
	var wg sync.WaitGroup
	results := make([]*Env, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = caches[i%2].Ensure(context.Background(), spec)
		}()
	}
	wg.Wait()
	built := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if results[i].Built {
			built++
		}
		if results[i].Dir != results[0].Dir {
			t.Errorf("caller %d got %s, caller 0 got %s", i, results[i].Dir, results[0].Dir)
		}
	}
	if built != 1 {
		t.Errorf("%d of %d callers built the environment, want 1", built, n)
	}
}

// TestMissingPackageIsInstallError: pip's own complaint, short, for pip 23
// ("ERROR: ...") and pip 18 (no prefix); no environment is left.
func TestMissingPackageIsInstallError(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"3.12", "3.6"} {
		t.Run(version, func(t *testing.T) {
			spec := testPython(t, version)
			spec.Packages = []string{"nosuch==9"}
			spec.Index = offline(wheelhouse(t, threeWheels...))
			c := newTestCache(t)
			_, err := c.Ensure(context.Background(), spec)
			var ie *InstallError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v (%T), want *InstallError", err, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, "Could not find a version that satisfies the requirement nosuch==9") {
				t.Errorf("message lacks pip's diagnosis:\n%s", msg)
			}
			if len(msg) > 400 || strings.Count(msg, "\n") > 3 {
				t.Errorf("message is not short (%d bytes):\n%s", len(msg), msg)
			}
			if ie.NeedsNetwork() {
				t.Errorf("NeedsNetwork for an offline miss:\n%s", ie.Output)
			}
			if ie.Key != spec.key() || !slices.Contains(ie.Command, "nosuch==9") || !strings.Contains(ie.Output, "Looking in links") {
				t.Errorf("InstallError fields: key %s command %q output %q", ie.Key, ie.Command, ie.Output)
			}
			if entries, _ := os.ReadDir(filepath.Join(c.Root, "envs")); len(entries) != 0 {
				t.Errorf("failed build left %v in envs/", entries)
			}
		})
	}
}

// TestMissingFindLinksWarns: a PIP_FIND_LINKS entry and a Spec find-links
// entry that do not exist are dropped with a warning, while the entries
// that do exist (one of them only in PIP_FIND_LINKS) are still used.
func TestMissingFindLinksWarns(t *testing.T) {
	t.Parallel()
	spec := testPython(t, "3.12")
	missingEnv := filepath.Join(t.TempDir(), "opt-wheels")
	missingSpec := filepath.Join(t.TempDir(), "no-such-wheelhouse")
	fromEnv := wheelhouse(t, testWheel{Name: "delta", Version: "2.0"})
	spec.Packages = []string{"alpha", "delta"}
	spec.Index = Index{NoIndex: true, FindLinks: []string{missingSpec, wheelhouse(t, threeWheels...)}}
	c := newTestCache(t)
	c.environ = append(os.Environ(), "PIP_FIND_LINKS="+missingEnv+" "+fromEnv)

	env, err := c.Ensure(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"--find-links names " + missingSpec + ", which does not exist; ignored",
		"PIP_FIND_LINKS names " + missingEnv + ", which does not exist; ignored",
	}
	if !slices.Equal(env.Warnings, want) {
		t.Errorf("Warnings = %q\nwant %q", env.Warnings, want)
	}
	if !slices.Equal(env.Installed, []string{"alpha==1.0", "delta==2.0"}) {
		t.Errorf("Installed = %q", env.Installed)
	}
	m, _ := readMarker(env.Dir, env.Key)
	if cmd := strings.Join(m.Commands[len(m.Commands)-1], " "); strings.Contains(cmd, missingSpec) {
		t.Errorf("pip was given the missing folder: %s", cmd)
	}
	warm, err := (&Cache{Root: c.Root, environ: c.environ}).Ensure(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(warm.Warnings) != 0 {
		t.Errorf("warm Ensure repeats warnings %q; they belong to the build", warm.Warnings)
	}
}

// TestCallerPythonSetupDoesNotLeak: the caller's PYTHONPATH holds a
// sitecustomize that records every interpreter that imports it. Neither the
// venv and pip commands nor a program run through Env.environ may import it,
// and the folder must not be on the environment's sys.path. The same
// interpreter outside the environment does import it, which shows the trap
// works.
func TestCallerPythonSetupDoesNotLeak(t *testing.T) {
	t.Parallel()
	spec := testPython(t, "3.12")
	spec.Packages = []string{"alpha"}
	spec.Index = offline(wheelhouse(t, threeWheels...))
	somewhere := t.TempDir()
	sentinel := filepath.Join(t.TempDir(), "leaked")
	trap := "open(" + pyQuote(sentinel) + ", 'a').write('x')\n"
	if err := os.WriteFile(filepath.Join(somewhere, "sitecustomize.py"), []byte(trap), 0o666); err != nil {
		t.Fatal(err)
	}
	caller := append(os.Environ(), "PYTHONPATH="+somewhere, "PYTHONUSERBASE="+t.TempDir(), "VIRTUAL_ENV=/nonexistent/venv")

	c := newTestCache(t)
	c.environ = caller
	env, err := c.Ensure(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(sentinel); err == nil {
		t.Fatal("the caller's PYTHONPATH reached the venv or pip commands")
	}
	out := runIn(t, env, caller, env.Python, "-c", "import sys, os; print(sys.path); print(os.environ.get('VIRTUAL_ENV'))")
	if strings.Contains(out, somewhere) {
		t.Errorf("caller's PYTHONPATH on the env's sys.path:\n%s", out)
	}
	if !strings.Contains(out, env.Dir) {
		t.Errorf("VIRTUAL_ENV is not the environment:\n%s", out)
	}
	if _, err := os.Stat(sentinel); err == nil {
		t.Error("the caller's PYTHONPATH reached a program run through Env.environ")
	}

	cmd := exec.Command(spec.Python, "-c", "pass")
	cmd.Env = caller
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(sentinel); err != nil {
		t.Error("control failed: the trap did not fire outside the environment, so this test proves nothing")
	}
}

func pyQuote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}
