package sealed

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/filestamp"
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

// settle puts path's times, and so its change time, settled in the past:
// a file sealed a moment ago has a stamp too recent to keep.
func settle(t *testing.T, path string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	// The change time is now; wait until it has settled.
	time.Sleep(settled + 50*time.Millisecond)
}

// Once a sealed file has settled, Intact reads it once more, keeps its
// stamp, and then trusts the stamp; any write, even one that restores the
// file's size and modification time, changes the stamp and is read again.
func TestIntactTrustsAStampNotAWrite(t *testing.T) {
	if _, ok := filestamp.Of(mustStat(t, os.Args[0])); !ok {
		t.Skip("no change times on this system")
	}
	p := filepath.Join(t.TempDir(), "mod.so")
	if err := os.WriteFile(p, []byte("module"), 0o666); err != nil {
		t.Fatal(err)
	}
	settle(t, p)
	if err := Seal(p); err != nil {
		t.Fatal(err)
	}
	start := hashes.Load()
	for i := 0; i < 3; i++ {
		if !Intact(p) {
			t.Fatal("a sealed file is not intact")
		}
		Touch(p)
	}
	if n := hashes.Load() - start; n != 1 {
		t.Errorf("three checks read the file %d times, want once (then the stamp)", n)
	}
	// Rewritten in place, then its size and times put back.
	fi := mustStat(t, p)
	if err := os.WriteFile(p, []byte("poison"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if Intact(p) {
		t.Error("a file rewritten with its times put back is intact")
	}
	if Verify(p) {
		t.Error("Verify: a rewritten file is intact")
	}
}

// Touch marks use on the seal, and LastUsed reads it there.
func TestTouchKeepsTheFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mod.so")
	if err := os.WriteFile(p, []byte("module"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := Seal(p); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	for _, f := range []string{p, p + Suffix} {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if got := LastUsed(p, mustStat(t, p)); got.After(old.Add(time.Minute)) {
		t.Errorf("LastUsed = %v, want about %v", got, old)
	}
	Touch(p)
	if fi := mustStat(t, p); !fi.ModTime().Equal(old) {
		t.Errorf("Touch changed the file's own time: %v", fi.ModTime())
	}
	if got := LastUsed(p, mustStat(t, p)); time.Since(got) > time.Minute {
		t.Errorf("after Touch LastUsed = %v, want now", got)
	}
}

func mustStat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}
