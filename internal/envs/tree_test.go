package envs

import (
	"os"
	"path/filepath"
	"testing"
)

// TestScanTreeSkipsCleanexitsOwnFiles: the marker and the last-use stamp
// are written after the build, and are not what a case sees.
func TestScanTreeSkipsCleanexitsOwnFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{markerName, usedStampName, "pyvenv.cfg"} {
		writeFile(t, filepath.Join(dir, f), "x")
	}
	os.Symlink("/nowhere", filepath.Join(dir, "link"))
	got, err := scanTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["pyvenv.cfg"].Kind != 'f' || got["link"].Kind != 'l' || got["link"].Target != "/nowhere" {
		t.Errorf("scanTree = %v, want pyvenv.cfg and link only", got)
	}
}
