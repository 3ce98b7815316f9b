package toolchains

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// scanFolder runs one discovery's listing of PATH=dirs with the scan cache
// in cacheDir, as Discover does, and returns the candidates' paths and how
// many folders it read.
func scanFolder(t *testing.T, cacheDir string, dirs ...string) (paths []string, read int64) {
	t.Helper()
	d := newDiscovery(Options{GOOS: "linux", Getenv: func(k string) string {
		if k == "PATH" {
			return strings.Join(dirs, string(os.PathListSeparator))
		}
		return ""
	}})
	d.scans = loadScanCache(cacheDir, d.goos)
	before := dirsListed.Load()
	cands, _ := d.candidates()
	if err := d.scans.save(); err != nil {
		t.Fatal(err)
	}
	for _, c := range cands {
		paths = append(paths, filepath.Base(c.path))
	}
	return paths, dirsListed.Load() - before
}

// settled waits out the racy window of a folder just changed, so that its
// listing is remembered.
func settled(t *testing.T) {
	was := scanRacyWindow
	scanRacyWindow = 20 * time.Millisecond
	t.Cleanup(func() { scanRacyWindow = was })
	time.Sleep(30 * time.Millisecond)
}

// TestScanCacheRemembersFolders: a folder listed once is not read again
// while it is unchanged, and is read again as soon as an entry is made,
// removed or renamed, or the folder is replaced.
func TestScanCacheRemembersFolders(t *testing.T) {
	tr := tree{t, t.TempDir()}
	cache := t.TempDir()
	tr.file("bin/python3", "", 0o755)
	tr.file("bin/python3.12", "", 0o755)
	tr.file("bin/ls", "", 0o755)
	bin := tr.path("bin")
	settled(t)
	for _, step := range []struct {
		name   string
		change func()
		want   []string
		read   int64
	}{
		{"first", func() {}, []string{"python3", "python3.12"}, 1},
		{"unchanged", func() {}, []string{"python3", "python3.12"}, 0},
		{"made", func() { tr.file("bin/python3.13", "", 0o755) }, []string{"python3", "python3.12", "python3.13"}, 1},
		{"unchanged again", func() {}, []string{"python3", "python3.12", "python3.13"}, 0},
		{"removed", func() { os.Remove(tr.path("bin/python3")) }, []string{"python3.12", "python3.13"}, 1},
		{"renamed", func() { os.Rename(tr.path("bin/python3.13"), tr.path("bin/python3.14")) }, []string{"python3.12", "python3.14"}, 1},
		{"replaced", func() {
			os.Rename(bin, tr.path("old"))
			tr.file("bin/python3.11", "", 0o755)
		}, []string{"python3.11"}, 1},
	} {
		step.change()
		time.Sleep(30 * time.Millisecond) // past the window: the folder may be remembered
		got, read := scanFolder(t, cache, bin)
		if !slices.Equal(got, step.want) {
			t.Errorf("%s: candidates = %q, want %q", step.name, got, step.want)
		}
		if read != step.read {
			t.Errorf("%s: %d folders read, want %d", step.name, read, step.read)
		}
	}
}

// TestScanCacheLeavesRecentFolders: a folder that changed within the racy
// window is read every time: a change in the same clock tick as its
// listing would leave its times as they were.
func TestScanCacheLeavesRecentFolders(t *testing.T) {
	tr := tree{t, t.TempDir()}
	cache := t.TempDir()
	tr.file("bin/python3", "", 0o755)
	for i := range 2 {
		if _, read := scanFolder(t, cache, tr.path("bin")); read != 1 {
			t.Errorf("listing %d: %d folders read, want 1 (the folder changed within %v)", i, read, scanRacyWindow)
		}
	}
}

// TestScanCacheIgnoresOtherFiles: a file written under other rules (a
// cleanexit that would list other names), one whose listing names a file
// that is not an interpreter's (a forged one: discovery would run it), or
// any other content, is not used, and is replaced.
func TestScanCacheIgnoresOtherFiles(t *testing.T) {
	tr := tree{t, t.TempDir()}
	tr.file("bin/python3", "", 0o755)
	settled(t)
	fi, err := os.Stat(tr.path("bin"))
	if err != nil {
		t.Fatal(err)
	}
	st, _ := (&scanCache{path: "x"}).state(fi)
	for name, content := range map[string]string{
		"other rules":      `{"format":"cleanexit-scans/1","rules":"linux ^python$","folders":{"` + tr.path("bin") + `":{"dev":DEV,"ino":INO,"mtime_ns":MTIME,"ctime_ns":CTIME,"names":["python3.99"]}}}`,
		"corrupt":          `{"format":`,
		"not interpreters": `{"format":"cleanexit-scans/1","rules":"` + strings.ReplaceAll(listingRules("linux"), `\`, `\\`) + `","folders":{"` + tr.path("bin") + `":{"dev":DEV,"ino":INO,"mtime_ns":MTIME,"ctime_ns":CTIME,"names":["sh"]}}}`,
		"foreign":          `[1,2,3]`,
	} {
		cache := t.TempDir()
		content = strings.NewReplacer("DEV", fmt.Sprint(st.Dev), "INO", fmt.Sprint(st.Ino), "MTIME", fmt.Sprint(st.MtimeNS), "CTIME", fmt.Sprint(st.CtimeNS)).Replace(content)
		if err := os.WriteFile(filepath.Join(cache, scanCacheName), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
		got, read := scanFolder(t, cache, tr.path("bin"))
		if read != 1 || !slices.Equal(got, []string{"python3"}) {
			t.Errorf("%s: candidates %q after %d folders read, want python3 after 1", name, got, read)
		}
		if _, read := scanFolder(t, cache, tr.path("bin")); read != 0 {
			t.Errorf("%s: the file was not replaced: %d folders read the second time", name, read)
		}
	}
}

// TestScanCacheFollowsARetargetedFolderLink: a PATH entry that is a link
// to a folder, pointed at another folder, is that folder's listing, not
// the cached one of the old target.
func TestScanCacheFollowsARetargetedFolderLink(t *testing.T) {
	tr := tree{t, t.TempDir()}
	cache := t.TempDir()
	tr.file("a/python3.12", "", 0o755)
	tr.file("b/python3.13", "", 0o755)
	link := tr.symlink("bin", tr.path("a"))
	settled(t)
	if got, _ := scanFolder(t, cache, link); !slices.Equal(got, []string{"python3.12"}) {
		t.Fatalf("candidates = %q, want python3.12", got)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	tr.symlink("bin", tr.path("b"))
	if got, read := scanFolder(t, cache, link); !slices.Equal(got, []string{"python3.13"}) || read != 1 {
		t.Errorf("after the link moved: candidates = %q after %d folders read, want python3.13 after 1", got, read)
	}
}
