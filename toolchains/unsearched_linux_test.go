package toolchains

import (
	"context"
	"errors"
	"strings"
	"syscall"
	"testing"

	"github.com/cleanexit/cleanexit/internal/emfile"
)

// TestDiscoverSaysWhatItCouldNotSearch: a folder the host could not read
// for want of descriptors (a real EMFILE) is not taken for an empty one:
// "no Python interpreter found" names it and why, instead of claiming the
// places were searched.
func TestDiscoverSaysWhatItCouldNotSearch(t *testing.T) {
	tr := tree{t, t.TempDir()}
	versions := tr.dir("pyenv/versions")
	tr.dir("pyenv/versions/3.12.0/bin")
	env := envOf(map[string]string{"PATH": tr.dir("empty/bin"), "PYENV_ROOT": tr.path("pyenv"), "HOME": tr.dir("home")})
	var warned []error
	var err error
	emfile.During(t, func() {
		_, err = Discover(context.Background(), Options{Getenv: env, Warn: func(e error) { warned = append(warned, e) }})
	})
	if !errors.Is(err, ErrNoInterpreter) || !strings.Contains(err.Error(), "cannot search "+versions) || !errors.Is(err, syscall.EMFILE) {
		t.Fatalf("Discover with no descriptor to spare: %v; want it to name %s and EMFILE", err, versions)
	}
	if len(warned) == 0 {
		t.Error("no warning of the folders it could not search")
	}
}
