package envs

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTreeChanges(t *testing.T) {
	file := func(size int64) treeEntry { return treeEntry{Kind: 'f', Size: size, ModTime: 1} }
	dir := treeEntry{Kind: 'd'}
	was := tree{"bin": dir, "bin/python": {Kind: 'l', Target: "/usr/bin/python3"}, "lib": dir, "lib/pkg": dir, "lib/pkg/a.py": file(1), "lib/pkg/b.py": file(2)}
	with := func(edit func(tree)) tree {
		now := tree{}
		for k, v := range was {
			now[k] = v
		}
		edit(now)
		return now
	}
	tests := []struct {
		name string
		now  tree
		want string
	}{
		{"same", with(func(tree) {}), ""},
		{"planted", with(func(n tree) { n["lib/zzz.pth"] = file(9) }), "added lib/zzz.pth"},
		{"package removed, named once", with(func(n tree) { delete(n, "lib/pkg"); delete(n, "lib/pkg/a.py"); delete(n, "lib/pkg/b.py") }), "removed lib/pkg"},
		{"rewritten", with(func(n tree) { n["lib/pkg/a.py"] = file(5) }), "changed lib/pkg/a.py"},
		{"link retargeted", with(func(n tree) { n["bin/python"] = treeEntry{Kind: 'l', Target: "/tmp/evil"} }), "changed bin/python"},
		{"file became a folder", with(func(n tree) { n["lib/pkg/a.py"] = dir }), "changed lib/pkg/a.py"},
		{"many", with(func(n tree) {
			for _, p := range []string{"a", "b", "c", "d", "e"} {
				n[p] = file(1)
			}
		}), "added a, b, c and 2 more"},
		{"all three", with(func(n tree) { delete(n, "lib/pkg/b.py"); n["x"] = file(1); n["lib/pkg/a.py"] = file(7) }),
			"removed lib/pkg/b.py; added x; changed lib/pkg/a.py"},
	}
	for _, tt := range tests {
		if got := was.changes(tt.now); got != tt.want {
			t.Errorf("%s: changes = %q, want %q", tt.name, got, tt.want)
		}
	}
}

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
	if len(got) != 2 || got["pyvenv.cfg"].Kind != 'f' || got["link"] != (treeEntry{Kind: 'l', Target: "/nowhere"}) {
		t.Errorf("scanTree = %v, want pyvenv.cfg and link only", got)
	}
}
