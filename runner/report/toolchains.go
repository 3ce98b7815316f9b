package report

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/cleanexit/cleanexit/toolchains"
)

// WriteToolchains is `cleanexit toolchains`: the interpreters found, each
// with where it was found and what it links to, then the host and every
// feature with whether it holds here and why.
func WriteToolchains(w io.Writer, ins []*toolchains.Interpreter, h *toolchains.Host) {
	fmt.Fprintln(w, "interpreters:")
	for _, in := range ins {
		fmt.Fprintf(w, "  %-8s %-8s %-10s %s", in.ShortVersion(), in.Version, in.Source, in.Path)
		if in.Path != in.RealPath {
			fmt.Fprintf(w, " -> %s", in.RealPath)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "host: %s/%s", h.OS, h.Arch)
	if h.CPUModel != "" {
		fmt.Fprintf(w, " (%s)", h.CPUModel)
	}
	fmt.Fprintln(w, "\nfeatures:")
	for _, n := range slices.Sorted(maps.Keys(h.Features)) {
		mark := "no "
		if h.Features[n] {
			mark = "yes"
		}
		fmt.Fprintf(w, "  %s  %-14s %s\n", mark, n, h.Why[n])
	}
}
