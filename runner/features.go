package runner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/cleanexit/cleanexit/toolchains"
)

// hostFeatures answers the features that cost a probe — the network, a C
// compiler and the AddressSanitizer runtime — once, and only when a case
// asks: a corpus that builds nothing never starts a compiler.
type hostFeatures struct {
	host   *toolchains.Host
	index  string
	getenv func(string) string

	netOnce sync.Once
	netOK   bool
	netWhy  string

	ccOnce sync.Once
	ccOK   bool

	asanOnce sync.Once
	asanLib  string
}

func newHostFeatures(h *toolchains.Host, index string, getenv func(string) string) *hostFeatures {
	return &hostFeatures{host: h, index: index, getenv: getenv}
}

// network reports whether the package index answers, and if not why.
func (f *hostFeatures) network() (bool, string) {
	f.netOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := toolchains.ProbeIndex(ctx, f.index, 3*time.Second); err != nil {
			f.netWhy = err.Error()
			return
		}
		f.netOK = true
	})
	return f.netOK, f.netWhy
}

// cc reports whether a C compiler works. The session asks DetectHost to
// leave it out (toolchains.Options.LazyCompiler) and it is probed here on
// first use; a Host that did probe it is believed.
func (f *hostFeatures) cc() bool {
	f.ccOnce.Do(func() {
		if f.host != nil {
			if ok, probed := f.host.Features[toolchains.FeatureCC]; probed {
				f.ccOK = ok
				return
			}
		}
		f.ccOK, _ = toolchains.ProbeCompiler(context.Background(), toolchains.Options{Getenv: f.getenv})
	})
	return f.ccOK
}

// asan returns the AddressSanitizer runtime to preload, or "".
func (f *hostFeatures) asan() string {
	f.asanOnce.Do(func() {
		if f.host == nil || !f.cc() {
			return
		}
		cc := f.getenv("CC")
		if cc == "" {
			cc = "cc"
		}
		name := "libasan.so"
		if f.host.OS == "darwin" {
			name = "libclang_rt.asan_osx_dynamic.dylib"
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, cc, "-print-file-name="+name).Output()
		if err != nil {
			return
		}
		lib := strings.TrimSpace(string(out))
		if filepath.IsAbs(lib) {
			if _, err := os.Stat(lib); err == nil {
				f.asanLib = lib
			}
		}
	})
	return f.asanLib
}

// lazy answers feature names the host did not probe up front.
func (f *hostFeatures) lazy(name string) (bool, bool) {
	switch name {
	case "network":
		ok, _ := f.network()
		return ok, true
	case "asan":
		return f.asan() != "", true
	case toolchains.FeatureCC:
		return f.cc(), true
	}
	return false, false
}
