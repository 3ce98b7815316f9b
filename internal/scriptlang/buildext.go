package scriptlang

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// BindingNames are the binding libraries build-ext's --with knows.
var BindingNames = []string{"nanobind", "pybind11"}

// A BuildExt is a build-ext line's arguments, read: build-ext [--with
// nanobind|pybind11] [--sanitize=address] MODULE SOURCE… [-- CFLAGS…].
type BuildExt struct {
	Module   string
	Sources  []string
	CFlags   []string
	Sanitize string // "address", or ""
	With     string // a binding library (see BindingNames), or ""
}

const buildExtUsage = "build-ext [--with nanobind|pybind11] [--sanitize=address] MODULE SOURCE… [-- CFLAGS…]"

// ParseBuildExt reads build-ext's arguments after expansion. Empty
// arguments (an unset $VAR) are dropped.
func ParseBuildExt(args []string) (BuildExt, error) {
	var b BuildExt
	var rest []string
	for len(args) > 0 && strings.HasPrefix(args[0], "--") && args[0] != "--" {
		switch opt, val, hasVal := strings.Cut(args[0], "="); opt {
		case "--sanitize":
			if val != "address" {
				return b, fmt.Errorf("%s: only --sanitize=address is supported", args[0])
			}
			b.Sanitize = val
		case "--with":
			if !hasVal {
				if len(args) < 2 {
					return b, fmt.Errorf("--with needs a library: %s", strings.Join(BindingNames, " or "))
				}
				val, args = args[1], args[1:]
			}
			if !slices.Contains(BindingNames, val) {
				msg := fmt.Sprintf("--with %s: unknown binding library (known: %s)", val, strings.Join(BindingNames, ", "))
				if s := suggest.Closest(val, BindingNames, 3); s != "" {
					msg += fmt.Sprintf("; did you mean %s?", s)
				}
				return b, fmt.Errorf("%s", msg)
			}
			if b.With != "" && b.With != val {
				return b, fmt.Errorf("--with %s: already --with %s (one binding library per module)", val, b.With)
			}
			b.With = val
		default:
			msg := fmt.Sprintf("unknown option %s", args[0])
			if s := suggest.Closest(opt, []string{"--sanitize", "--with"}, 3); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", s)
			}
			return b, fmt.Errorf("%s", msg)
		}
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
		return b, fmt.Errorf("usage: %s", buildExtUsage)
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
	if b.With != "" && !b.IsCXX() {
		return b, fmt.Errorf("--with %s needs a C++ source (.cpp, .cc, .cxx), not %s", b.With, strings.Join(b.Sources, " "))
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
