package toolchains

import (
	"context"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
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
	var was syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &was); err != nil {
		t.Skip(err)
	}
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	lowest := f.Fd()
	f.Close()
	low := was
	low.Cur = uint64(lowest) // the next descriptor is past the limit
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	var warned []error
	_, err = Discover(context.Background(), Options{Getenv: env, Warn: func(e error) { warned = append(warned, e) }})
	if serr := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &was); serr != nil {
		t.Fatal(serr)
	}
	if !errors.Is(err, ErrNoInterpreter) || !strings.Contains(err.Error(), "cannot search "+versions) || !errors.Is(err, syscall.EMFILE) {
		t.Fatalf("Discover with no descriptor to spare: %v; want it to name %s and EMFILE", err, versions)
	}
	if len(warned) == 0 {
		t.Error("no warning of the folders it could not search")
	}
}
