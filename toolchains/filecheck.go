package toolchains

import (
	"context"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// fileCheckDirs are where LLVM's FileCheck lives when it is not on PATH:
// Debian's and Ubuntu's llvm-NN-tools install it under /usr/lib/llvm-NN
// only, Homebrew's llvm keeps it out of PATH.
var fileCheckDirs = []string{"/usr/lib/llvm-*/bin", "/opt/homebrew/opt/llvm/bin", "/usr/local/opt/llvm/bin"}

// FindFileCheck returns LLVM's FileCheck: $FILECHECK when set, else
// FileCheck on PATH, else the newest LLVM's from fileCheckDirs; "" when
// there is none.
func FindFileCheck(getenv func(string) string) string {
	if p := getenv("FILECHECK"); p != "" {
		if abs, err := exec.LookPath(p); err == nil {
			return abs
		}
		return ""
	}
	if p, err := exec.LookPath("FileCheck"); err == nil {
		return p
	}
	var found []string
	for _, d := range fileCheckDirs {
		m, _ := filepath.Glob(filepath.Join(d, "FileCheck"))
		found = append(found, m...)
	}
	if len(found) == 0 {
		return ""
	}
	sort.SliceStable(found, func(i, j int) bool { return llvmMajor(found[i]) > llvmMajor(found[j]) })
	return found[0]
}

// llvmMajor is NN of a path under /usr/lib/llvm-NN, or 0.
func llvmMajor(p string) int {
	_, rest, ok := strings.Cut(p, "/llvm-")
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(strings.SplitN(rest, "/", 2)[0])
	return n
}

// probeFileCheck answers with FileCheck's path as its evidence, once it
// has said its version.
func (f *Features) probeFileCheck(ctx context.Context) (bool, string) {
	p := FindFileCheck(f.getenv)
	if p == "" {
		return false, "no FileCheck on PATH, in $FILECHECK or under /usr/lib/llvm-*/bin (Debian: apt-get install llvm-14-tools)"
	}
	if out, err := exec.CommandContext(ctx, p, "--version").CombinedOutput(); err != nil {
		return false, p + " --version: " + err.Error() + ": " + strings.TrimSpace(string(out))
	}
	return true, p
}

// FileCheck is the FileCheck the filecheck script command runs, or ""
// when the host has none.
func (f *Features) FileCheck() string {
	ok, p := f.probes["filecheck"].answer()
	if !ok {
		return ""
	}
	return p
}
