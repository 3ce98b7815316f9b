package envs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeInterpreter is a file standing for an interpreter, so tests can make
// it vanish or change.
func fakeInterpreter(t *testing.T, name string) Spec {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	writeFile(t, path, "#!interpreter "+name)
	return Spec{Python: path, PythonKey: name, PythonVersion: "3.12.1", Packages: []string{name + "-pkg"}}
}

// cacheEnv puts an environment for spec into c's folder as a finished build
// would leave it (marker, used stamp) without running Python: List, Prune and
// Clear only read those.
func cacheEnv(t *testing.T, c *Cache, spec Spec, lastUsed time.Time) string {
	t.Helper()
	key := spec.key()
	dir := c.envDir(key)
	writeFile(t, filepath.Join(dir, "lib", "python3.12", "site-packages", "x.py"), strings.Repeat("x", 1000))
	os.MkdirAll(filepath.Dir(venvPython(dir)), 0o777)
	if err := os.Symlink(spec.Python, venvPython(dir)); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(spec.Python)
	if err != nil {
		t.Fatal(err)
	}
	files, err := scanTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := &marker{Format: markerFormat, Key: key, Spec: spec, Python: stampOf(info),
		Installed: []string{"x==1"}, BuiltAt: lastUsed.Add(-time.Minute), Files: files}
	if err := writeMarker(dir, m); err != nil {
		t.Fatal(err)
	}
	stamp := filepath.Join(dir, usedStampName)
	writeFile(t, stamp, "")
	os.Chtimes(stamp, lastUsed, lastUsed)
	return key
}

func TestPrune(t *testing.T) {
	now := time.Now()
	c := &Cache{Root: t.TempDir()}
	defer c.Close()

	fresh := fakeInterpreter(t, "fresh")
	old := fakeInterpreter(t, "old")
	gone := fakeInterpreter(t, "gone")
	changed := fakeInterpreter(t, "changed")
	heldOld := fakeInterpreter(t, "held")
	buildingOld := fakeInterpreter(t, "building")
	keys := map[string]string{}
	for name, s := range map[string]Spec{"fresh": fresh, "gone": gone, "changed": changed} {
		keys[name] = cacheEnv(t, c, s, now)
	}
	for name, s := range map[string]Spec{"old": old, "held": heldOld, "building": buildingOld} {
		keys[name] = cacheEnv(t, c, s, now.Add(-48*time.Hour))
	}
	os.Remove(gone.Python)
	writeFile(t, changed.Python, "#!a different, longer interpreter")
	unfinished := filepath.Join(c.envsDir(), "0123456789abcdef")
	writeFile(t, filepath.Join(unfinished, "bin", "python"), "")
	leftover := filepath.Join(c.envsDir(), tempPrefix("fedcba9876543210")+"42")
	writeFile(t, filepath.Join(leftover, "venv", "pyvenv.cfg"), "")

	// Another Cache uses one environment; another process builds one.
	user := &Cache{Root: c.Root}
	defer user.Close()
	if _, err := user.Ensure(context.Background(), heldOld); err != nil {
		t.Fatal(err)
	}
	building, err := lockFile(c.buildLockPath(keys["building"]), true)
	if err != nil {
		t.Fatal(err)
	}
	defer building.Close()

	infos, err := c.List()
	if err != nil {
		t.Fatal(err)
	}
	stale := map[string]string{}
	for _, info := range infos {
		stale[info.Key] = info.Stale
		if info.Key == keys["fresh"] && (info.Size < 1000 || info.Python != fresh.Python || !slices.Equal(info.Installed, []string{"x==1"})) {
			t.Errorf("List entry for a sound env: %+v", info)
		}
	}
	for key, want := range map[string]string{
		keys["fresh"]: "", keys["old"]: "", keys["gone"]: "is gone", keys["changed"]: "changed since",
		"0123456789abcdef": "no " + markerName,
	} {
		if got, ok := stale[key]; !ok || (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("Stale of %s = %q (listed: %v), want %q", key, got, ok, want)
		}
	}

	removed, err := c.Prune(24 * time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	var removedKeys []string
	for _, r := range removed {
		removedKeys = append(removedKeys, r.Key)
	}
	slices.Sort(removedKeys)
	wantRemoved := []string{keys["old"], keys["gone"], keys["changed"], "0123456789abcdef"}
	slices.Sort(wantRemoved)
	if !slices.Equal(removedKeys, wantRemoved) {
		t.Errorf("Prune removed %q, want %q", removedKeys, wantRemoved)
	}
	for _, name := range []string{"fresh", "held", "building"} {
		if !isDir(c.envDir(keys[name])) {
			t.Errorf("Prune removed the %s environment", name)
		}
	}
	if isDir(leftover) {
		t.Error("Prune left an interrupted build folder")
	}

	// Released, the old one that was being built goes too; the held one was
	// just used (Ensure stamps it), so it is young again.
	user.Close()
	building.Close()
	removed, err = c.Prune(24 * time.Hour)
	if err != nil || len(removed) != 1 || removed[0].Key != keys["building"] {
		t.Errorf("second Prune removed %+v (%v), want only the released old one", removed, err)
	}
}

func TestClear(t *testing.T) {
	c := &Cache{Root: t.TempDir()}
	a, b := fakeInterpreter(t, "a"), fakeInterpreter(t, "b")
	cacheEnv(t, c, a, time.Now())
	keyB := cacheEnv(t, c, b, time.Now())
	writeFile(t, filepath.Join(c.pipRoot(), "00112233445566aa", "pip", "__init__.py"), "")
	writeFile(t, filepath.Join(c.downloadsDir(), "alpha-1.0-py3-none-any.whl"), "")

	user := &Cache{Root: c.Root}
	defer user.Close()
	if _, err := user.Ensure(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	err := c.Clear()
	if err == nil || !strings.Contains(err.Error(), keyB) {
		t.Errorf("Clear with a held env = %v, want it to name %s", err, keyB)
	}
	infos, _ := c.List()
	if len(infos) != 1 || infos[0].Key != keyB {
		t.Errorf("after Clear: %+v, want only the held env", infos)
	}
	if _, err := os.Stat(filepath.Join(c.pipRoot(), "00112233445566aa")); !errors.Is(err, os.ErrNotExist) {
		t.Error("Clear kept the pip copy")
	}
	if _, err := os.Stat(c.downloadsDir()); !errors.Is(err, os.ErrNotExist) {
		t.Error("Clear kept the downloaded files")
	}
	user.Close()
	if err := c.Clear(); err != nil {
		t.Fatal(err)
	}
	if infos, _ := c.List(); len(infos) != 0 {
		t.Errorf("after second Clear: %+v", infos)
	}
}
