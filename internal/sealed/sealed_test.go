package sealed

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSeal(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mod.so")
	if err := os.WriteFile(p, []byte("module"), 0o666); err != nil {
		t.Fatal(err)
	}
	if Intact(p) {
		t.Fatal("a file never sealed is intact")
	}
	if err := Seal(p); err != nil {
		t.Fatal(err)
	}
	if !Intact(p) {
		t.Fatal("a sealed file is not intact")
	}
	if data, ok, err := ReadIntact(p); err != nil || !ok || string(data) != "module" {
		t.Fatalf("ReadIntact = %q, %v, %v; want the content, intact", data, ok, err)
	}
	// Rewritten in place at the same size, as a case would.
	if err := os.WriteFile(p, []byte("poison"), 0o666); err != nil {
		t.Fatal(err)
	}
	if Intact(p) {
		t.Error("a rewritten file is intact")
	}
	if _, ok, _ := ReadIntact(p); ok {
		t.Error("ReadIntact: a rewritten file is intact")
	}
	if err := Remove(p); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p + Suffix); !os.IsNotExist(err) {
		t.Errorf("the seal outlived its file: %v", err)
	}
}
