package cache

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDefault(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	got, err := Default(env(map[string]string{"CLEANEXIT_CACHE": "/custom/root", "XDG_CACHE_HOME": "/x", "HOME": "/h"}))
	if err != nil || string(got) != filepath.FromSlash("/custom/root") {
		t.Errorf("with CLEANEXIT_CACHE: %q, %v", got, err)
	}
	got, err = Default(env(map[string]string{"XDG_CACHE_HOME": "/x", "HOME": "/h", "LocalAppData": `C:\L`}))
	if err != nil || filepath.Base(string(got)) != "cleanexit" {
		t.Errorf("without CLEANEXIT_CACHE: %q, %v; want <user cache dir>/cleanexit", got, err)
	}
	if _, err := Default(env(map[string]string{})); err == nil || !strings.Contains(err.Error(), "CLEANEXIT_CACHE") {
		t.Errorf("with no home at all: %v, want an error that suggests CLEANEXIT_CACHE", err)
	}
}
