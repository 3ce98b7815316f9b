package envs

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// sealedEnv builds a real environment with packages for the tests below.
func sealedEnv(t *testing.T) (*Cache, Spec, *Env) {
	t.Helper()
	spec := testPython(t, "3.12")
	spec.Packages = []string{"gamma"}
	spec.Index = offline(wheelhouse(t, threeWheels...))
	c := newTestCache(t)
	env, err := c.Ensure(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	return c, spec, env
}

func purelib(t *testing.T, env *Env) string {
	t.Helper()
	dirs := sitePackagesDirs(env.Dir)
	if len(dirs) != 1 {
		t.Fatalf("site-packages of %s: %q", env.Dir, dirs)
	}
	return dirs[0]
}

// TestAfterRunDiscardsAChangedEnvironment: a run that planted a .pth (here
// the test plants it, through the run's interpreter) is told, and the next
// Ensure, in this process or another, builds a clean environment.
func TestAfterRunDiscardsAChangedEnvironment(t *testing.T) {
	t.Parallel()
	c, spec, env := sealedEnv(t)
	ctx := context.Background()
	if changed, err := c.AfterRun(ctx, env); changed != "" || err != nil {
		t.Fatalf("AfterRun of an untouched environment = %q, %v; want nothing", changed, err)
	}
	// Importing the packages writes no .pyc that was not compiled at install.
	runIn(t, env, os.Environ(), env.Python, "-c", "import alpha, beta, gamma")
	if changed, _ := c.AfterRun(ctx, env); changed != "" {
		t.Fatalf("importing the packages changed the environment: %s", changed)
	}

	runIn(t, env, os.Environ(), env.Python, "-c",
		`import os, sysconfig; open(os.path.join(sysconfig.get_paths()["purelib"], "zzz.pth"), "w").write("import atexit, os; atexit.register(os._exit, 0)\n")`)
	changed, err := c.AfterRun(ctx, env)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(changed, "added lib/python3.12/site-packages/zzz.pth") {
		t.Errorf("AfterRun = %q, want it to name the planted zzz.pth", changed)
	}
	for _, cache := range []*Cache{c, {Root: c.Root, Installer: "pip"}} {
		again, err := cache.Ensure(ctx, spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(purelib(t, again), "zzz.pth")); err == nil {
			t.Error("the next Ensure handed out the environment with the planted .pth")
		}
		cache.Close()
	}
}

// TestAfterRunSeesInPlaceWrites: a file rewritten in place, at the same
// size, and a rewritten marker are changes too.
func TestAfterRunSeesInPlaceWrites(t *testing.T) {
	t.Parallel()
	c, _, env := sealedEnv(t)
	f := filepath.Join(purelib(t, env), "alpha.py")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, []byte(strings.Repeat("#", len(data))), 0o644); err != nil {
		t.Fatal(err)
	}
	if changed := c.changedSince(env); !strings.Contains(changed, "changed lib/python3.12/site-packages/alpha.py") {
		t.Errorf("changedSince = %q, want the rewritten file named", changed)
	}
	marker := filepath.Join(env.Dir, markerName)
	data, _ = os.ReadFile(marker)
	os.WriteFile(marker, append(data, ' '), 0o644)
	if changed := c.changedSince(env); changed != "changed "+markerName {
		t.Errorf("changedSince after rewriting the marker = %q", changed)
	}
}

// TestPrivateCopyKeepsTheCacheAsBuilt: pip in a private copy, and an
// in-place write to a file the copy shares a name with (what a hardlink
// clone would leak), leave the cached environment untouched.
func TestPrivateCopyKeepsTheCacheAsBuilt(t *testing.T) {
	t.Parallel()
	c, spec, env := sealedEnv(t)
	ctx := context.Background()
	private, drop, err := c.PrivateCopy(env)
	if err != nil {
		t.Fatal(err)
	}
	if private.Dir == env.Dir || !strings.HasPrefix(private.Dir, filepath.Join(c.Root, "private")) {
		t.Fatalf("private copy at %s", private.Dir)
	}
	out := runIn(t, private, os.Environ(), private.Python, "-c", "import sys, gamma; print(sys.prefix)")
	if strings.TrimSpace(out) != private.Dir {
		t.Errorf("the copy's interpreter runs in %q, want %s", out, private.Dir)
	}
	argv, vars, release, err := c.PipCommand(ctx, private, spec)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	wh := wheelhouse(t, testWheel{Name: "delta", Version: "1.0"})
	pip := exec.Command(argv[0], append(argv[1:], "install", "--no-index", "--find-links", wh, "delta")...)
	pip.Env = append(private.environ(os.Environ()), vars...)
	if out, err := pip.CombinedOutput(); err != nil {
		t.Fatalf("pip in the private copy: %v\n%s", err, out)
	}
	runIn(t, private, os.Environ(), private.Python, "-c", "import delta")
	f, err := os.OpenFile(filepath.Join(purelib(t, private), "alpha.py"), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("raise SystemExit('written in place')\n")
	f.Close()

	if changed, _ := c.AfterRun(ctx, env); changed != "" {
		t.Errorf("the cached environment changed under a private copy: %s", changed)
	}
	drop()
	if _, err := os.Stat(private.Dir); !os.IsNotExist(err) {
		t.Errorf("the private copy is still there after drop: %v", err)
	}
}

// TestDamagedEnvironmentIsRebuilt: a deleted interpreter or a removed
// package folder is found before use, and the rebuild says why.
func TestDamagedEnvironmentIsRebuilt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ remove, want string }{
		{"bin/python", "removed bin/python"},
		{"lib/python3.12/site-packages/beta.py", "removed lib/python3.12/site-packages/beta.py"},
	} {
		t.Run(tc.remove, func(t *testing.T) {
			t.Parallel()
			c, spec, env := sealedEnv(t)
			c.Close()
			if err := os.RemoveAll(filepath.Join(env.Dir, filepath.FromSlash(tc.remove))); err != nil {
				t.Fatal(err)
			}
			fresh := &Cache{Root: c.Root, Installer: "pip"}
			defer fresh.Close()
			again, err := fresh.Ensure(context.Background(), spec)
			if err != nil {
				t.Fatal(err)
			}
			if !again.Built || !strings.Contains(again.Rebuilt, tc.want) {
				t.Errorf("Ensure after removing %s: Built %v, Rebuilt %q; want a rebuild naming %q", tc.remove, again.Built, again.Rebuilt, tc.want)
			}
			runIn(t, again, os.Environ(), again.Python, "-c", "import gamma")
		})
	}
}

// TestAfterRunSeesARewriteThatKeepsSizeAndTime: where the kernel reports
// writes (Linux), a file rewritten at the same size with its time set back
// (which the tree's comparison cannot see) is a change, and an untouched
// environment is vouched for without a walk.
func TestAfterRunSeesARewriteThatKeepsSizeAndTime(t *testing.T) {
	t.Parallel()
	c, _, env := sealedEnv(t)
	ctx := context.Background()
	if !c.sealOf(env).Watched() {
		t.Skipf("environments are not watched here (%s): AfterRun walks", runtime.GOOS)
	}
	stamp := filepath.Join(env.Dir, usedStampName)
	if paths, lost := c.envSeals.w.Changes(env.Dir); lost || len(slices.DeleteFunc(paths, func(p string) bool { return p == stamp })) > 0 {
		t.Fatal("an environment nothing touched is not vouched for")
	}
	f := filepath.Join(purelib(t, env), "alpha.py")
	info, err := os.Stat(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, []byte(strings.Repeat("#", int(info.Size()))), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(f, info.ModTime(), info.ModTime())
	if now, _ := scanTree(env.Dir); changes(env.Dir, env.files, now) != "" {
		t.Fatalf("the tree's comparison saw the disguised rewrite: the test proves nothing")
	}
	changed, err := c.AfterRun(ctx, env)
	if err != nil {
		t.Fatal(err)
	}
	if changed != "rewrote lib/python3.12/site-packages/alpha.py in place" {
		t.Errorf("AfterRun = %q, want the rewrite named", changed)
	}
}

// TestTreeComparisonSeesAChmod: where nothing watches the environment
// (no inotify), the tree's comparison is all AfterRun has, and a module
// made writable to everyone, or executable, is a change there too.
func TestTreeComparisonSeesAChmod(t *testing.T) {
	t.Parallel()
	_, _, env := sealedEnv(t)
	f := filepath.Join(purelib(t, env), "alpha.py")
	if err := os.Chmod(f, 0o777); err != nil {
		t.Fatal(err)
	}
	now, err := scanTree(env.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := changes(env.Dir, env.files, now); got != "changed lib/python3.12/site-packages/alpha.py" {
		t.Errorf("after a chmod: %q, want the module named", got)
	}
}
