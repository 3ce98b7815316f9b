package authoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// litPython stands for the case's interpreter in a substituted RUN:
// command until it is lexed, so that a RUN: line's own "python" (whatever
// PATH finds) is never taken for it.
const litPython = "\x00python"

// litPercent hides %% while the other substitutions run, as lit's
// #_MARKER_# does.
const litPercent = "\x01"

// A litSubst is one substitution in lit's list: what it replaces, and by
// what in a case, or why a case cannot have it.
type litSubst struct {
	from, to string
	refuse   string // non-empty: the substitution has no faithful counterpart
}

// litSubstitutions is lit's list of substitutions for the test name, in
// the order lit applies them (TestRunner.getDefaultSubstitutions): the
// suite's config first (extra, then %PYTHON, which MLIR, CIRCT and
// torch-mlir define, and %python from LLVM's use_default_substitutions),
// then lit's own; %{python} is lit's own test suite's spelling. In a case the test's folder is the script's working
// directory, $WORK, so paths are relative to it: %s is the file's name,
// %S and %p are ".", %t is NAME.tmp beside it.
func litSubstitutions(name string, extra []litSubst) []litSubst {
	subs := append([]litSubst(nil), extra...)
	subs = append(subs,
		litSubst{from: "%PYTHON", to: litPython},
		litSubst{from: "%python", to: litPython},
		litSubst{from: "%{python}", to: litPython},
		litSubst{from: "%{pathsep}", refuse: "is the path list separator of the OS that runs the test (: or ;), which a case cannot fix in its script"},
		litSubst{from: "%basename_t", to: name},
		litSubst{from: "%{s:basename}", to: name},
		litSubst{from: "%{s:stem}", to: strings.TrimSuffix(name, pathExt(name))},
		litSubst{from: "%{t:stem}", to: name},
		litSubst{from: "%{fs-src-root}", refuse: "is the root of the file system that holds the test, which a case's relative paths have no counterpart for"},
		litSubst{from: "%{fs-tmp-root}", refuse: "is the root of the file system that holds the temporary files, which a case's relative paths have no counterpart for"},
		litSubst{from: "%{fs-sep}", to: "/"},
		litSubst{from: "%/et", refuse: "is %t escaped for a regular expression, which only a FileCheck or sed pattern uses; write the case by hand"},
	)
	paths := []struct{ letter, path string }{{"s", name}, {"S", "."}, {"p", "."}, {"t", name + ".tmp"}}
	for _, p := range paths {
		subs = append(subs,
			litSubst{from: "%" + p.letter, to: p.path},
			litSubst{from: "%/" + p.letter, to: p.path},
			litSubst{from: "%{" + p.letter + ":real}", to: p.path},
			litSubst{from: "%{/" + p.letter + ":real}", to: p.path},
			litSubst{from: "%{/" + p.letter + ":regex_replacement}", to: strings.NewReplacer("@", `\@`, "&", `\&`).Replace(p.path)},
			litSubst{from: "%:" + p.letter, refuse: "is the absolute path with its colons and leading slash removed, which a case's relative paths have no counterpart for"},
		)
	}
	return subs
}

// pathExt is the extension of a file name, as os.path.splitext finds it.
func pathExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[i:]
	}
	return ""
}

// litLineNumberRE finds %(line), %(line+N) and %(line-N).
var litLineNumberRE = lazyregexp.New(`%\(line *(?:([+-]) *(\d+))?\)`)

// litLeftoverRE finds what looks like a substitution of the suite's
// config once lit's own have been made: %{name}, or a name of two or more
// characters (%mlir_src_root). lit would pass it on to the shell as it is,
// which is never what the config meant. A single letter (%d, %x) or a
// Python %(name)s is printf text, which lit passes on too, and so does
// import.
var litLeftoverRE = lazyregexp.New(`%(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]+|[/:][A-Za-z])`)

// litSubstitute makes lit's substitutions in the RUN: command run of line
// n, in lit's order, and refuses a substitution with no counterpart in a
// case and one lit does not define (the suite's config would).
func litSubstitute(run string, n int, subs []litSubst) (string, error) {
	run = litLineNumberRE.ReplaceAllStringFunc(run, func(m string) string {
		sm := litLineNumberRE.FindStringSubmatch(m)
		if sm[1] == "" {
			return strconv.Itoa(n)
		}
		d, _ := strconv.Atoi(sm[2])
		if sm[1] == "-" {
			d = -d
		}
		return strconv.Itoa(n + d)
	})
	text := strings.ReplaceAll(run, "%%", litPercent)
	// %PYTHON% (CIRCT's PyCDE) is its config's; lit alone would read
	// %PYTHON and a stray %.
	for _, m := range litStrayPercentRE.FindAllStringSubmatch(text, -1) {
		if !litDefines(subs, m[0]) {
			return "", fmt.Errorf("%s is not one of lit's own substitutions; the suite's lit config defines it (CIRCT's PyCDE does, for the interpreter), and import does not run lit configs: say what it stands for with --lit-subst '%s=%%PYTHON' or another TEXT", m[0], m[0])
		}
	}
	for _, s := range subs {
		if !strings.Contains(text, s.from) {
			continue
		}
		if s.refuse != "" {
			return "", fmt.Errorf("lit substitution %s %s", s.from, s.refuse)
		}
		text = strings.ReplaceAll(text, s.from, s.to)
	}
	if m := litLeftoverRE.FindString(text); m != "" {
		return "", fmt.Errorf("%s is not one of lit's own substitutions (%%s %%S %%p %%t %%{s:basename} …, and %%PYTHON, %%python, %%{python}); the suite's lit config defines it, and import does not run lit configs: say what it stands for with --lit-subst '%s=TEXT'", m, m)
	}
	return strings.ReplaceAll(text, litPercent, "%"), nil
}

// litDefines reports whether subs replace exactly from.
func litDefines(subs []litSubst, from string) bool {
	for _, s := range subs {
		if s.from == from {
			return true
		}
	}
	return false
}

// litStrayPercentRE finds a substitution written with a closing '%', as
// CIRCT's PyCDE spells %PYTHON%.
var litStrayPercentRE = lazyregexp.New(`%[A-Za-z_][A-Za-z0-9_]*%`)

// ParseLitSubst reads a --lit-subst NAME=TEXT flag: a substitution of the
// suite's lit config, applied before lit's own as lit applies
// config.substitutions.
func ParseLitSubst(flag string) (from, to string, err error) {
	from, to, ok := strings.Cut(flag, "=")
	if !ok || !strings.HasPrefix(from, "%") || len(from) < 2 {
		return "", "", fmt.Errorf("--lit-subst %q: want %%NAME=TEXT, e.g. '%%PYTHON%%=%%PYTHON'", flag)
	}
	return from, to, nil
}
