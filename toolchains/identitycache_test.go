package toolchains

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakePython answers like identify.py would, without a real interpreter,
// and counts how often it was asked.
type fakePython struct {
	mu    sync.Mutex
	runs  int
	fails bool
}

func (f *fakePython) run(ctx context.Context, env []string, name string, args ...string) ([]byte, []byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.runs++
	if f.fails {
		return nil, []byte("Fatal Python error: init_fs_encoding\n"), fmt.Errorf("exit status 1")
	}
	return []byte(`{"major":3,"minor":12,"micro":4,"releaselevel":"final","serial":0,"implementation":"cpython","machine":"x86_64","pip_version":"24.0","pip_dir":"/x/site-packages"}`), nil, nil
}

func (f *fakePython) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := f.runs
	f.runs = 0
	return n
}

// cacheFixture is a PATH holding one fake binary interpreter, and a cache.
type cacheFixture struct {
	t      *testing.T
	exe    string
	cache  string
	python *fakePython
	warns  []error
}

func newCacheFixture(t *testing.T) *cacheFixture {
	tr := tree{t, t.TempDir()}
	return &cacheFixture{
		t:      t,
		exe:    tr.file("bin/python3", "\x7fELF not really", 0o755),
		cache:  filepath.Join(tr.root, "cache"),
		python: &fakePython{},
	}
}

// discover runs Discover and returns the interpreters and how many
// processes it started.
func (c *cacheFixture) discover() ([]*Interpreter, int) {
	c.t.Helper()
	c.warns = nil
	its, err := Discover(context.Background(), Options{
		Getenv:   envOf(map[string]string{"PATH": filepath.Dir(c.exe)}),
		CacheDir: c.cache,
		run:      c.python.run,
		Warn:     func(err error) { c.warns = append(c.warns, err) },
	})
	if err != nil && !c.python.fails {
		c.t.Fatal(err)
	}
	return its, c.python.count()
}

func (c *cacheFixture) readCache() identityCache {
	c.t.Helper()
	data, err := os.ReadFile(filepath.Join(c.cache, identityCacheName))
	if err != nil {
		c.t.Fatal(err)
	}
	var ic identityCache
	if err := json.Unmarshal(data, &ic); err != nil {
		c.t.Fatalf("identities.json is not JSON: %v\n%s", err, data)
	}
	return ic
}

func TestIdentityCache(t *testing.T) {
	tests := []struct {
		name     string
		change   func(c *cacheFixture)
		wantRuns int
	}{
		{"unchanged file: a hit", func(c *cacheFixture) {}, 0},
		{"mtime changed: a miss", func(c *cacheFixture) {
			later := time.Now().Add(time.Hour)
			if err := os.Chtimes(c.exe, later, later); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"size changed, mtime kept: a miss", func(c *cacheFixture) {
			fi, _ := os.Stat(c.exe)
			if err := os.WriteFile(c.exe, []byte("\x7fELF a different build"), 0o755); err != nil {
				t.Fatal(err)
			}
			os.Chtimes(c.exe, fi.ModTime(), fi.ModTime())
		}, 1},
		{"same size and mtime, new inode: a miss", func(c *cacheFixture) {
			if runtime.GOOS == "windows" {
				t.Skip("no inodes")
			}
			fi, _ := os.Stat(c.exe)
			data, _ := os.ReadFile(c.exe)
			tmp := c.exe + ".new"
			os.WriteFile(tmp, data, 0o755)
			os.Chtimes(tmp, fi.ModTime(), fi.ModTime())
			if err := os.Rename(tmp, c.exe); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"corrupt cache file: ignored and rewritten", func(c *cacheFixture) {
			os.WriteFile(filepath.Join(c.cache, identityCacheName), []byte(`{"format": "cleanexit-identities/1", "entries": {`), 0o666)
		}, 1},
		{"foreign cache file: ignored and rewritten", func(c *cacheFixture) {
			os.WriteFile(filepath.Join(c.cache, identityCacheName), []byte(`{"python": "3.12", "entries": []}`), 0o666)
		}, 1},
		{"cache written by another identify script: ignored", func(c *cacheFixture) {
			ic := c.readCache()
			ic.Script = "an older script"
			data, _ := json.Marshal(ic)
			os.WriteFile(filepath.Join(c.cache, identityCacheName), data, 0o666)
		}, 1},
		{"cache file deleted", func(c *cacheFixture) {
			os.Remove(filepath.Join(c.cache, identityCacheName))
		}, 1},
	}
	for _, tt := range tests {
		c := newCacheFixture(t)
		first, runs := c.discover()
		if runs != 1 || len(first) != 1 {
			t.Fatalf("%s: first Discover ran %d processes, found %v", tt.name, runs, first)
		}
		tt.change(c)
		its, runs := c.discover()
		if runs != tt.wantRuns {
			t.Errorf("%s: %d processes ran, want %d", tt.name, runs, tt.wantRuns)
		}
		if len(its) != 1 || its[0].Version != "3.12.4" || its[0].Path != c.exe || its[0].Source != SourcePath || its[0].PipDir != "/x/site-packages" {
			t.Errorf("%s: found %+v", tt.name, its)
			continue
		}
		fi, _ := os.Stat(c.exe)
		if its[0].Size != fi.Size() || !its[0].ModTime.Equal(fi.ModTime()) {
			t.Errorf("%s: identity has size %d mtime %v, file %d %v", tt.name, its[0].Size, its[0].ModTime, fi.Size(), fi.ModTime())
		}
		ic := c.readCache()
		if ic.Format != identityCacheFormat || ic.Script != identifyScriptHash || ic.Entries[its[0].RealPath].Interpreter == nil {
			t.Errorf("%s: cache afterwards: %+v", tt.name, ic)
		}
		// And now it is warm again.
		if _, runs := c.discover(); runs != 0 {
			t.Errorf("%s: third Discover ran %d processes, want 0", tt.name, runs)
		}
		leftovers, _ := filepath.Glob(filepath.Join(c.cache, "*.tmp"))
		if len(leftovers) != 0 {
			t.Errorf("%s: temporary files left: %v", tt.name, leftovers)
		}
	}
}

func TestIdentityCacheRemembersFailures(t *testing.T) {
	c := newCacheFixture(t)
	c.python.fails = true
	for round, wantRuns := range []int{1, 0} {
		its, runs := c.discover()
		if len(its) != 0 || runs != wantRuns {
			t.Errorf("round %d: found %v with %d processes, want none with %d", round, its, runs, wantRuns)
		}
		if len(c.warns) != 1 || !strings.Contains(c.warns[0].Error(), "init_fs_encoding") || !strings.Contains(c.warns[0].Error(), c.exe) {
			t.Errorf("round %d: warnings %v", round, c.warns)
		}
	}
	// Fixing the interpreter (a new build) is noticed.
	c.python.fails = false
	later := time.Now().Add(time.Hour)
	os.Chtimes(c.exe, later, later)
	if its, runs := c.discover(); len(its) != 1 || runs != 1 {
		t.Errorf("after the fix: found %v with %d processes", its, runs)
	}
}

func TestIdentityCacheUnwritable(t *testing.T) {
	c := newCacheFixture(t)
	// A file where the cache directory should be.
	os.WriteFile(c.cache, []byte("in the way"), 0o666)
	its, runs := c.discover()
	if len(its) != 1 || runs != 1 {
		t.Fatalf("found %v with %d processes", its, runs)
	}
	if len(c.warns) != 1 || !strings.Contains(c.warns[0].Error(), "identity cache") {
		t.Errorf("warnings %v, want one about the identity cache", c.warns)
	}
}

// TestIdentityCacheConcurrentWriters saves from many writers at once, as
// parallel cleanexit processes would: every entry survives and the file
// stays valid.
func TestIdentityCacheConcurrentWriters(t *testing.T) {
	tr := tree{t, t.TempDir()}
	cache := tr.path("cache")
	const writers = 8
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := 0; i < writers; i++ {
		exe := tr.file(fmt.Sprintf("bin%d/python3", i), "\x7fELF", 0o755)
		fi, _ := os.Stat(exe)
		wg.Add(1)
		go func() {
			defer wg.Done()
			it := &Interpreter{RealPath: exe, Version: "3.12.4", Major: 3, Minor: 12, Micro: 4}
			errs[i] = saveIdentities(cache, map[string]identityEntry{exe: newIdentityEntry(fi, it, nil)})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	ic := loadIdentityCache(cache)
	if len(ic.Entries) != writers {
		t.Errorf("cache holds %d entries, want %d", len(ic.Entries), writers)
	}
}

func TestIdentityCachePrunesVanishedFiles(t *testing.T) {
	tr := tree{t, t.TempDir()}
	cache := tr.path("cache")
	gone := tr.file("old/python3", "\x7fELF", 0o755)
	kept := tr.file("new/python3", "\x7fELF", 0o755)
	for _, exe := range []string{gone, kept} {
		fi, _ := os.Stat(exe)
		if err := saveIdentities(cache, map[string]identityEntry{exe: newIdentityEntry(fi, &Interpreter{RealPath: exe, Major: 3}, nil)}); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(gone)
	fi, _ := os.Stat(kept)
	if err := saveIdentities(cache, map[string]identityEntry{kept: newIdentityEntry(fi, &Interpreter{RealPath: kept, Major: 3}, nil)}); err != nil {
		t.Fatal(err)
	}
	ic := loadIdentityCache(cache)
	if _, ok := ic.Entries[gone]; ok || len(ic.Entries) != 1 {
		t.Errorf("entries after %s vanished: %v", gone, ic.Entries)
	}
}
