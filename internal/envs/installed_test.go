package envs

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestInstalledDistributions(t *testing.T) {
	venv := t.TempDir()
	sp := filepath.Join(venv, "lib", "python3.12", "site-packages")
	writeFile(t, filepath.Join(sp, "Foo_Bar-1.2.dist-info", "METADATA"),
		"Metadata-Version: 2.1\nName: Foo_Bar\nVersion: 1.2\nSummary: x\n\nName: not-a-header\n")
	writeFile(t, filepath.Join(sp, "zope.interface-6.0.dist-info", "METADATA"), "Name: zope.interface\nVersion: 6.0\n")
	writeFile(t, filepath.Join(sp, "legacy-0.1-py3.12.egg-info", "PKG-INFO"), "Metadata-Version: 1.0\nName: legacy\nVersion: 0.1\n")
	writeFile(t, filepath.Join(sp, "broken.dist-info", "METADATA"), "Summary: no name\n")
	writeFile(t, filepath.Join(sp, "foo_bar.py"), "")
	got, err := installedDistributions(venv)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"foo-bar==1.2", "legacy==0.1", "zope-interface==6.0"}
	if !slices.Equal(got, want) {
		t.Errorf("installedDistributions = %q, want %q", got, want)
	}
}

func TestCanonicalName(t *testing.T) {
	for in, want := range map[string]string{"Foo_Bar": "foo-bar", "zope.interface": "zope-interface", "a--_.b": "a-b", "pip": "pip"} {
		if got := canonicalName(in); got != want {
			t.Errorf("canonicalName(%q) = %q, want %q", in, got, want)
		}
	}
}
