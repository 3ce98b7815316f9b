package toolchains

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func TestNameVersion(t *testing.T) {
	for _, tt := range []struct {
		name         string
		major, minor int
		ok           bool
	}{
		{"/usr/bin/python3.11", 3, 11, true},
		{"python3.13t", 3, 13, true},
		{"python3.7m", 3, 7, true},
		{"python3.11d", 3, 11, true},
		{"python2.7", 2, 7, true},
		{"python3", 0, 0, false},
		{"python", 0, 0, false},
		{"python3.12-config", 0, 0, false},
		{"pypy3.10", 0, 0, false},
		{"my-python", 0, 0, false},
	} {
		major, minor, ok := nameVersion(tt.name)
		if major != tt.major || minor != tt.minor || ok != tt.ok {
			t.Errorf("nameVersion(%q) = %d, %d, %v; want %d, %d, %v", tt.name, major, minor, ok, tt.major, tt.minor, tt.ok)
		}
	}
}

// TestDiscoverIdentifiesOnlyWhatIsWanted: with Wanted, an interpreter
// whose name gives an unwanted version starts no process and is not
// reported, while one whose name says nothing (python3) or that was
// named in CLEANEXIT_PYTHONS is identified; one identified before (in the
// cache) is reported whatever is wanted. Names that disagree
// (python3.98 reaching python3.11) are identified.
func TestDiscoverIdentifiesOnlyWhatIsWanted(t *testing.T) {
	reals := realInterpreters(t)
	if len(reals) < 4 {
		t.Skipf("need 4 real interpreters, have %d", len(reals))
	}
	a, b, c, d := reals[0], reals[1], reals[2], reals[3]
	if a.minor == b.minor || a.minor == c.minor || a.minor == d.minor {
		t.Skip("want interpreters of different versions")
	}
	tr := tree{t, t.TempDir()}
	tr.symlink("bin/python3", a.path)    // says nothing itself; reaches a's file, named for a's version: wanted
	tr.symlink("bin/python3.98", b.path) // disagrees with the file it reaches: identified
	tr.symlink("explicit/python3.96", d.path)
	env := map[string]string{
		// c's own folder: c's file is named for its version, not wanted.
		"PATH":              tr.path("bin") + string(os.PathListSeparator) + filepath.Dir(c.path),
		"HOME":              tr.dir("home"),
		"PYENV_ROOT":        tr.path("none"),
		"CLEANEXIT_PYTHONS": tr.path("explicit/python3.96"),
	}
	wanted := func(major, minor int) bool { return major == a.major && minor == a.minor }
	cache := t.TempDir()
	var counter runCounter
	its, err := Discover(context.Background(), Options{Getenv: envOf(env), CacheDir: cache, run: counter.run, Wanted: wanted})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, it := range its {
		got[it.RealPath] = true
	}
	for _, want := range []string{a.path, b.path, d.path} {
		if !got[want] {
			t.Errorf("%s not reported; got %v", want, got)
		}
	}
	if got[c.path] {
		t.Errorf("%s reported, though its version is not wanted", c.path)
	}
	for _, ran := range counter.runs {
		if ran == c.path {
			t.Errorf("identified %s, whose name gives a version not wanted", ran)
		}
	}
	// The same search wanting nothing: what was identified is cached and
	// still reported, at no process.
	var again runCounter
	its, err = Discover(context.Background(), Options{Getenv: envOf(env), CacheDir: cache, run: again.run, Wanted: func(int, int) bool { return false }})
	if err != nil {
		t.Fatal(err)
	}
	if again.count() != 0 {
		t.Errorf("second search ran %q, want nothing", again.runs)
	}
	if len(its) != len(got) {
		t.Errorf("second search reported %d interpreters, want the %d cached", len(its), len(got))
	}
}
