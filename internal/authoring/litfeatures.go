package authoring

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
	"github.com/cleanexit/cleanexit/runner/feature"
)

// litSystemFeatures are the lit features whose meaning import knows
// without the suite's config: LLVM's llvm/config.py sets system-NAME from
// platform.system(), which is what cleanexit calls the OS.
var litSystemFeatures = map[string]string{
	"system-linux":   "linux",
	"system-darwin":  "darwin",
	"system-windows": "windows",
	"system-freebsd": "freebsd",
}

// litTripleArch maps the architecture a target triple starts with to
// cleanexit's name for it (GOARCH). A Python test's lit target is the
// host it runs on: LLVM's default target triple is the host's.
var litTripleArch = map[string]string{
	"aarch64": "arm64", "arm64": "arm64", "x86_64": "amd64", "amd64": "amd64",
	"i386": "386", "i686": "386", "powerpc64le": "ppc64le", "ppc64le": "ppc64le",
	"s390x": "s390x", "riscv64": "riscv64",
}

// litTripleOS maps the OS part of a target triple to cleanexit's name.
var litTripleOS = map[string]string{"linux": "linux", "darwin": "darwin", "macosx": "darwin", "windows": "windows", "freebsd": "freebsd"}

// litTripleRE reads the two triple patterns with a counterpart:
// target=ARCH{{.*}} and target={{.*}}-OS{{.*}}.
var litTripleRE = lazyregexp.New(`^target=(?:([a-z0-9_]+)\{\{\.\*\}\}|\{\{\.\*\}\}-([a-z]+)\{\{\.\*\}\})$`)

// litTriple is the cleanexit feature a target triple pattern names, or "".
func litTriple(name string) string {
	m := litTripleRE.FindStringSubmatch(name)
	if m == nil {
		return ""
	}
	if m[1] != "" {
		return litTripleArch[m[1]]
	}
	return litTripleOS[m[2]]
}

// litNameRE finds the names of a lit boolean expression, as lit's
// BooleanExpression tokenizer does ({{regex}} parts included).
var litNameRE = lazyregexp.New(`(?:[-+=._a-zA-Z0-9]+|\{\{.+?\}\})+`)

// litFeatures turns the list of a REQUIRES:, UNSUPPORTED: or XFAIL:
// directive (items joined by commas, as lit splits them) into cleanexit
// feature expressions. A name means what the suite's lit config makes it
// mean (MLIR's asan is "LLVM was built with ASan", cleanexit's is "the
// ASan runtime can be preloaded"), so only the names whose meaning is
// lit's own are carried over by themselves; the others need a --lit-feature
// that says what they mean here. lit's true and false are folded:
// notes says what that left out, and why nothing was lost.
func litFeatures(kw, body string, known map[string]string) (exprs, notes []string, err error) {
	for _, item := range strings.Split(body, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if item == "*" {
			if kw != "XFAIL" {
				return nil, nil, fmt.Errorf("\"*\" is only meaningful in XFAIL")
			}
			exprs = append(exprs, item)
			continue
		}
		var bad error
		text := litNameRE.ReplaceAllStringFunc(item, func(name string) string {
			if bad != nil {
				return name
			}
			if to, ok := known[name]; ok {
				return "(" + to + ")"
			}
			switch {
			case name == "true" || name == "false":
				return name
			case litTriple(name) != "":
				return litTriple(name)
			case strings.Contains(name, "target=") || strings.Contains(name, "{{"):
				bad = fmt.Errorf("%q matches lit's target triple with a regular expression, which cleanexit has no counterpart for; name the OS and arch as features instead (for example `linux && arm64` for aarch64-unknown-linux-gnu)", item)
			case litSystemFeatures[name] != "":
				return litSystemFeatures[name]
			default:
				msg := fmt.Sprintf("lit feature %q is whatever the suite's lit config makes it", name)
				if feature.Known(name) {
					msg += fmt.Sprintf(" (cleanexit's %s may mean something else: LLVM's asan is a sanitized LLVM build, cleanexit's a preloadable runtime)", name)
				}
				bad = fmt.Errorf("%s, and import does not run lit configs: say what it means here with --lit-feature '%s=EXPR' (a cleanexit feature expression, or true or false)", msg, name)
			}
			return name
		})
		if bad != nil {
			return nil, nil, bad
		}
		text = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(text, "(true)", "true"), "(false)", "false"))
		switch text {
		case "true", "false":
			holds := text == "true"
			switch {
			case kw == "XFAIL" && holds:
				exprs = append(exprs, "*")
			case kw == "REQUIRES" && !holds, kw == "UNSUPPORTED" && holds:
				return nil, nil, fmt.Errorf("%q is %s everywhere, so lit never runs the test (UNSUPPORTED); there is no case to import", item, text)
			default:
				notes = append(notes, fmt.Sprintf("%s: %s is %s everywhere, so it changes nothing", kw, item, text))
			}
			continue
		}
		for _, m := range litNameRE.FindAllStringSubmatch(text, -1) {
			if n := m[0]; n == "true" || n == "false" {
				return nil, nil, fmt.Errorf("%q: lit's %s inside an expression has no cleanexit spelling; simplify the expression", item, m[0])
			}
		}
		e, err := feature.Parse(text)
		if err != nil {
			return nil, nil, fmt.Errorf("%q: %v", item, err)
		}
		for _, n := range e.Names() {
			if !feature.Known(n) {
				return nil, nil, fmt.Errorf("%q reads as %q, whose %q is not a cleanexit feature (%s)", item, text, n, strings.Join(feature.Vocabulary(), ", "))
			}
		}
		exprs = append(exprs, text)
	}
	if len(exprs) == 0 && len(notes) == 0 {
		return nil, nil, fmt.Errorf("names no feature")
	}
	return exprs, notes, nil
}

// ParseLitFeature reads a --lit-feature NAME=EXPR flag: what a feature of
// the suite's lit config means on the machines cleanexit runs the case
// on, as a cleanexit feature expression, or true or false.
func ParseLitFeature(flag string) (name, expr string, err error) {
	name, expr, ok := strings.Cut(flag, "=")
	name, expr = strings.TrimSpace(name), strings.TrimSpace(expr)
	if !ok || name == "" || expr == "" || litNameRE.FindString(name) != name {
		return "", "", fmt.Errorf("--lit-feature %q: want NAME=EXPR, e.g. 'host-supports-jit=linux || darwin' or 'bindings_python=true'", flag)
	}
	if expr == "true" || expr == "false" {
		return name, expr, nil
	}
	e, err := feature.Parse(expr)
	if err != nil {
		return "", "", fmt.Errorf("--lit-feature %q: %v", flag, err)
	}
	for _, n := range e.Names() {
		if !feature.Known(n) {
			msg := fmt.Sprintf("--lit-feature %q: %q is not a cleanexit feature", flag, n)
			if sug := feature.Suggest(n); sug != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", sug)
			}
			return "", "", fmt.Errorf("%s", msg)
		}
	}
	return name, expr, nil
}
