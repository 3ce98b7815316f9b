package seal

import "testing"

// TestCompareNamesChanges: what changed is named once per kind, a removed
// folder once for all it held, and no more than three paths of a kind.
func TestCompareNamesChanges(t *testing.T) {
	file := func(size int64) Entry { return Entry{Kind: 'f', Size: size, ModTime: 1} }
	dir := Entry{Kind: 'd'}
	was := Snapshot{"bin": dir, "bin/python": {Kind: 'l', Target: "/usr/bin/python3"}, "lib": dir, "lib/pkg": dir, "lib/pkg/a.py": file(1), "lib/pkg/b.py": file(2)}
	with := func(edit func(Snapshot)) Snapshot {
		now := Snapshot{}
		for k, v := range was {
			now[k] = v
		}
		edit(now)
		return now
	}
	tests := []struct {
		name string
		now  Snapshot
		want string
	}{
		{"same", with(func(Snapshot) {}), ""},
		{"planted", with(func(n Snapshot) { n["lib/zzz.pth"] = file(9) }), "added lib/zzz.pth"},
		{"package removed, named once", with(func(n Snapshot) { delete(n, "lib/pkg"); delete(n, "lib/pkg/a.py"); delete(n, "lib/pkg/b.py") }), "removed lib/pkg"},
		{"rewritten", with(func(n Snapshot) { n["lib/pkg/a.py"] = file(5) }), "changed lib/pkg/a.py"},
		{"link retargeted", with(func(n Snapshot) { n["bin/python"] = Entry{Kind: 'l', Target: "/tmp/evil"} }), "changed bin/python"},
		{"file became a folder", with(func(n Snapshot) { n["lib/pkg/a.py"] = dir }), "changed lib/pkg/a.py"},
		{"many", with(func(n Snapshot) {
			for _, p := range []string{"a", "b", "c", "d", "e"} {
				n[p] = file(1)
			}
		}), "added a, b, c and 2 more"},
		{"all three", with(func(n Snapshot) { delete(n, "lib/pkg/b.py"); n["x"] = file(1); n["lib/pkg/a.py"] = file(7) }),
			"removed lib/pkg/b.py; added x; changed lib/pkg/a.py"},
	}
	for _, tt := range tests {
		if got := Compare("/env", Tree{}, was, tt.now).String(); got != tt.want {
			t.Errorf("%s: changes = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestCompareModes: a chmod is a change, except against a snapshot stored
// before modes were recorded (an environment's older marker), which is
// compared without them rather than found changed everywhere.
func TestCompareModes(t *testing.T) {
	file := func(mode uint32) Entry { return Entry{Kind: 'f', Size: 1, ModTime: 1, Mode: mode} }
	if got := Compare("/env", Tree{}, Snapshot{"a": file(0o644)}, Snapshot{"a": file(0o600)}).String(); got != "changed a" {
		t.Errorf("after a chmod: %q, want %q", got, "changed a")
	}
	if got := Compare("/env", Tree{}, Snapshot{"a": file(0)}, Snapshot{"a": file(0o644)}).String(); got != "" {
		t.Errorf("against a snapshot without modes: %q, want nothing", got)
	}
}
