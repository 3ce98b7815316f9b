package toolchains

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// probeCompiler reports whether a C compiler works: $CC (which may carry
// arguments, "ccache gcc -m64"), else cc, compiles and links an empty
// program in a temporary directory. Finding cc on PATH is not enough: a
// compiler without its headers or linker is common and useless.
func probeCompiler(ctx context.Context, run commandRunner, getenv func(string) string, goos string) (bool, string) {
	cc := strings.Fields(getenv("CC"))
	source := "cc"
	if len(cc) == 0 {
		cc = []string{"cc"}
	} else {
		source = "$CC"
	}
	dir, err := os.MkdirTemp("", "cleanexit-cc-")
	if err != nil {
		return false, "cc: " + err.Error()
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "main.c")
	if err := os.WriteFile(src, []byte("int main(void){return 0;}\n"), 0o666); err != nil {
		return false, "cc: " + err.Error()
	}
	exe := filepath.Join(dir, "main")
	if goos == "windows" {
		exe += ".exe"
	}
	args := append(cc[1:len(cc):len(cc)], src, "-o", exe)
	stdout, stderr, err := run(ctx, nil, cc[0], args...)
	command := strings.Join(cc, " ")
	switch {
	case errors.Is(err, exec.ErrNotFound):
		if source == "$CC" {
			return false, fmt.Sprintf("cc: $CC is %q, which is not found", getenv("CC"))
		}
		return false, "cc: no C compiler: $CC is unset and cc is not on PATH"
	case ctx.Err() == context.DeadlineExceeded:
		return false, fmt.Sprintf("cc: %s took over %s to compile an empty program", command, probeTimeout)
	case err != nil:
		msg := lastLine(append(stdout, stderr...))
		if msg == "" {
			msg = err.Error()
		}
		return false, fmt.Sprintf("cc: %s cannot build an empty program: %s", command, msg)
	}
	if _, err := os.Stat(exe); err != nil {
		return false, fmt.Sprintf("cc: %s produced no program", command)
	}
	if path, err := exec.LookPath(cc[0]); err == nil {
		command = strings.Join(append([]string{path}, cc[1:]...), " ")
	}
	if source == "$CC" {
		command = "$CC=" + command
	}
	return true, fmt.Sprintf("cc: %s compiled and linked a test program", command)
}
