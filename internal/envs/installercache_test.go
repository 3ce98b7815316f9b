package envs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An installer's cache that a case changed since the last build is found,
// and cleared, before a build uses it; what builds do to it themselves
// (link its files into environments and unlink them) is no damage.
func TestInstallerCacheSeal(t *testing.T) {
	wheel := filepath.Join("installers", "pip", "wheels", "ab", "evil-1.0-py3-none-any.whl")
	download := filepath.Join("downloads", "mlx-0.32.2-cp312-cp312-linux_x86_64.whl")
	uvLink := filepath.Join("installers", "pip", "wheels-v8", "mlx", "0.32.2") // as uv names an unpacked wheel
	tests := []struct {
		name string
		do   func(t *testing.T, root string)
		want string // in the problem; "" for none
	}{
		{"untouched", func(*testing.T, string) {}, ""},
		{"linked into an environment and unlinked", func(t *testing.T, root string) {
			link := filepath.Join(root, "envs", "x", "evil.whl")
			os.MkdirAll(filepath.Dir(link), 0o777)
			if err := os.Link(filepath.Join(root, wheel), link); err != nil {
				t.Fatal(err)
			}
			os.Remove(link)
		}, ""},
		{"rewritten", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, wheel), "planted")
		}, "wheels/ab/evil-1.0-py3-none-any.whl changed"},
		{"replaced by a rename, with the same size and time", func(t *testing.T, root string) {
			p := filepath.Join(root, download)
			info, _ := os.Stat(p)
			writeFile(t, p+".new", "planted")
			os.Chtimes(p+".new", info.ModTime(), info.ModTime())
			os.Rename(p+".new", p)
		}, "downloads/mlx-0.32.2-cp312-cp312-linux_x86_64.whl changed"},
		{"a link made again, to the same place", func(t *testing.T, root string) {
			p := filepath.Join(root, uvLink)
			os.Remove(p)
			if err := os.Symlink("../../archive-v0/k", p); err != nil {
				t.Fatal(err)
			}
		}, ""},
		{"a link pointed elsewhere", func(t *testing.T, root string) {
			p := filepath.Join(root, uvLink)
			os.Remove(p)
			os.Symlink("../../archive-v0/planted", p)
		}, "wheels-v8/mlx/0.32.2 changed"},
		{"planted", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "installers", "pip", "wheels", "cd", "numpy-2.0-py3-none-any.whl"), "planted")
		}, "wheels/cd/numpy-2.0-py3-none-any.whl was added"},
		{"removed", func(t *testing.T, root string) {
			os.Remove(filepath.Join(root, wheel))
		}, "evil-1.0-py3-none-any.whl was removed"},
		{"record rewritten", func(t *testing.T, root string) {
			writeFile(t, filepath.Join(root, "installers", "pip.record"), "{}")
		}, "its record is not what cleanexit wrote"},
		{"record replaced by a folder", func(t *testing.T, root string) {
			p := filepath.Join(root, "installers", "pip.record")
			os.Remove(p)
			writeFile(t, filepath.Join(p, "x"), "")
		}, "its record cannot be read"},
		{"record removed", func(t *testing.T, root string) {
			os.Remove(filepath.Join(root, "installers", "pip.record"))
		}, "and no record of it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			c := &Cache{Root: root}
			writeFile(t, filepath.Join(root, wheel), "genuine")
			writeFile(t, filepath.Join(root, download), "genuine")
			os.MkdirAll(filepath.Dir(filepath.Join(root, uvLink)), 0o777)
			if err := os.Symlink("../../archive-v0/k", filepath.Join(root, uvLink)); err != nil {
				t.Fatal(err)
			}
			ic := c.installerCacheOf(installerPip)
			if err := ic.save(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(10 * time.Millisecond) // a rewrite gets another time, where the clock is coarse
			tt.do(t, root)

			release, warning, err := c.useInstallerCache(context.Background(), installerPip)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if warning != "" {
					t.Errorf("warning %q, want none", warning)
				}
				if _, err := os.Stat(filepath.Join(root, wheel)); err != nil {
					t.Errorf("an intact cache was cleared: %v", err)
				}
				release()
				return
			}
			if !strings.Contains(warning, tt.want) || !strings.HasSuffix(warning, ": cleared") {
				t.Errorf("warning %q, want it to say %q and that the cache was cleared", warning, tt.want)
			}
			for _, p := range []string{wheel, download} {
				if _, err := os.Stat(filepath.Join(root, p)); err == nil {
					t.Errorf("%s is still there after the damage was found", p)
				}
			}
			// What the build leaves is what the next one trusts.
			writeFile(t, filepath.Join(root, wheel), "built again")
			release()
			if problem, err := ic.damage(); err != nil || problem != "" {
				t.Errorf("after the build: damage = %q, %v; want none", problem, err)
			}
		})
	}
}

// cache verify (VerifyInstallerCaches) names a damaged installer cache by
// its folder, and clears it only when repairing.
func TestVerifyInstallerCaches(t *testing.T) {
	root := t.TempDir()
	c := &Cache{Root: root}
	uvFile := filepath.Join(root, "installers", "uv", "archive-v0", "k", "mlx", "__init__.py")
	writeFile(t, uvFile, "genuine")
	if err := c.installerCacheOf(installerUV).save(); err != nil {
		t.Fatal(err)
	}
	if f, err := c.VerifyInstallerCaches(context.Background(), false); err != nil || len(f) != 0 {
		t.Fatalf("intact: %+v, %v; want nothing", f, err)
	}
	writeFile(t, uvFile, "import os; os._exit(0)")
	f, err := c.VerifyInstallerCaches(context.Background(), false)
	if err != nil || len(f) != 1 || f[0].Key != "installers/uv" || f[0].Action != "" {
		t.Fatalf("dry run: %+v, %v; want installers/uv, unrepaired", f, err)
	}
	if _, err := os.Stat(uvFile); err != nil {
		t.Fatalf("a dry run removed the file: %v", err)
	}
	f, err = c.VerifyInstallerCaches(context.Background(), true)
	if err != nil || len(f) != 1 || !strings.HasPrefix(f[0].Action, "cleared") {
		t.Fatalf("repair: %+v, %v; want installers/uv cleared", f, err)
	}
	if _, err := os.Stat(uvFile); err == nil {
		t.Fatal("the damaged cache is still there")
	}
}
