package scriptlang

import (
	"fmt"
	"path/filepath"
	"strings"
)

// A BuildExt is a build-ext line's arguments, read:
// build-ext [--sanitize=address] MODULE SOURCE… [-- CFLAGS…].
type BuildExt struct {
	Module   string
	Sources  []string
	CFlags   []string
	Sanitize string // "address", or ""
}

// ParseBuildExt reads build-ext's arguments after expansion. Empty
// arguments (an unset $VAR) are dropped.
func ParseBuildExt(args []string) (BuildExt, error) {
	var b BuildExt
	var rest []string
	for len(args) > 0 && strings.HasPrefix(args[0], "--sanitize") {
		v, ok := strings.CutPrefix(args[0], "--sanitize=")
		if !ok || v != "address" {
			return b, fmt.Errorf("%s: only --sanitize=address is supported", args[0])
		}
		b.Sanitize = v
		args = args[1:]
	}
	for i, a := range args {
		if a == "--" {
			b.CFlags = nonEmpty(args[i+1:])
			break
		}
		rest = append(rest, a)
	}
	rest = nonEmpty(rest)
	if len(rest) < 2 {
		return b, fmt.Errorf("usage: build-ext [--sanitize=address] MODULE SOURCE… [-- CFLAGS…]")
	}
	b.Module, b.Sources = rest[0], rest[1:]
	if strings.ContainsAny(b.Module, `/\.`) {
		return b, fmt.Errorf("module name %q must be a plain name such as holder (the extension suffix is added)", b.Module)
	}
	for _, s := range b.Sources {
		switch strings.ToLower(filepath.Ext(s)) {
		case ".c", ".cc", ".cpp", ".cxx", ".c++", ".m", ".mm":
		default:
			return b, fmt.Errorf("%q is not a C or C++ source (.c, .cc, .cpp, .cxx)", s)
		}
	}
	return b, nil
}

// IsCXX reports whether any source is C++.
func (b BuildExt) IsCXX() bool {
	for _, s := range b.Sources {
		switch strings.ToLower(filepath.Ext(s)) {
		case ".cc", ".cpp", ".cxx", ".c++", ".mm":
			return true
		}
	}
	return false
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
