package script

import (
	"os"
	"path/filepath"
	"testing"
)

func TestExtCacheKey(t *testing.T) {
	work := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(work, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("m.c", "int x;")
	write("m.h", "#define A 1")
	c := extCache{dir: t.TempDir()}
	argv := []string{"-shared", "m.c", "-o", "m.so"}
	env := []string{"PATH=/usr/bin:/bin", "TMPDIR=" + work + "/.tmp", runMarkerVar + "=1.1"}
	k1 := c.key("sh", argv, env, "py1", work)
	if k1 == "" {
		t.Fatal("no key")
	}
	if c.key("sh", argv, env, "py1", work) != k1 {
		t.Errorf("the same build must have the same key")
	}
	if c.key("sh", argv, []string{runMarkerVar + "=2.1", "TMPDIR=" + work + "/.tmp", "PATH=/usr/bin:/bin"}, "py1", work) != k1 {
		t.Errorf("another run's marker, or the same variables in another order, must keep the key")
	}
	for name, k := range map[string]string{
		"other interpreter":         c.key("sh", argv, env, "py2", work),
		"other flags":               c.key("sh", append(argv, "-DFIX"), env, "py1", work),
		"other compiler":            c.key("cat", argv, env, "py1", work),
		"a compiler's include path": c.key("sh", argv, append(env, "CPLUS_INCLUDE_PATH="+work+"/poison"), "py1", work),
		"another PATH":              c.key("sh", argv, []string{"PATH=" + work + "/bin:/usr/bin:/bin", "TMPDIR=" + work + "/.tmp"}, "py1", work),
	} {
		if k == k1 {
			t.Errorf("%s: same key", name)
		}
	}
	write("m.h", "#define A 2") // a local header changed
	if c.key("sh", argv, env, "py1", work) == k1 {
		t.Errorf("a changed header must change the key")
	}
	if (extCache{}).key("sh", argv, env, "py1", work) != "" {
		t.Errorf("a disabled cache has no keys")
	}

	built := filepath.Join(work, "m.so")
	write("m.so", "module bytes")
	dst := filepath.Join(t.TempDir(), "out.so")
	if c.fetch(k1, dst) {
		t.Fatal("hit before store")
	}
	c.store(k1, built)
	if !c.fetch(k1, dst) {
		t.Fatal("miss after store")
	}
	if b, _ := os.ReadFile(dst); string(b) != "module bytes" {
		t.Errorf("fetched %q", b)
	}
	// A case that writes over the cached module, at the same size.
	if err := os.WriteFile(filepath.Join(c.dir, k1), []byte("poison bytes"), 0o666); err != nil {
		t.Fatal(err)
	}
	if c.fetch(k1, dst) {
		t.Error("a cached module written over after it was stored is a hit")
	}
}
