package authoring

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/rogpeppe/go-internal/txtar"
)

// An extension is the C or C++ half of a draft: the sources the repro
// imports, built by build-ext in the script, the binding library they use,
// and the macro that turns the fix on. extension authors' bugs live in
// their C++; a case that builds it runs on any host with a compiler.
type extension struct {
	Sources []txtar.File // their names are as the script uses them
	With    string       // nanobind, pybind11 or ""
	FixFlag string       // a macro name such as FIX, or "": no variants
	// BuggyExit is how the variant without FixFlag ends; "" is crash.
	BuggyExit string
}

// bindingPins are the versions `new --with` pins when the author names
// none, one for each of scriptlang.BindingNames: the ones cleanexit's own
// tests build against. The author changes the pin to the version the
// report names.
var bindingPins = map[string]string{
	"nanobind": "nanobind==3.0.0",
	"pybind11": "pybind11==3.1.0",
}

// moduleNameRE finds the module a source defines, as the binding
// libraries and the C API spell it.
var moduleNameRE = lazyregexp.New(`(?:NB_MODULE|PYBIND11_MODULE)\(\s*([A-Za-z_]\w*)|PyInit_([A-Za-z_]\w*)\s*\(`)

// macroNameRE is a C macro name, what --fix-flag takes.
var macroNameRE = lazyregexp.New(`^[A-Za-z_]\w*$`)

// A module is one build-ext line's worth: the name it is imported by and
// the sources compiled into it.
type module struct {
	Name    string
	Sources []string
}

// modules are the extension modules the sources make: one for each
// module a source defines (NB_MODULE(holder, m), PyInit_holder), in the
// order given, with the sources that define none (helpers beside the
// module's own source) in the first; one named after the first source
// when none defines a module. Headers are read by the sources, never
// compiled themselves.
func (e *extension) modules() []module {
	var mods []module
	var helpers []string
	for _, f := range e.Sources {
		if ext := strings.ToLower(filepath.Ext(f.Name)); ext == ".h" || ext == ".hpp" || ext == ".hh" {
			continue
		}
		m := moduleNameRE.FindSubmatch(f.Data)
		if m == nil {
			helpers = append(helpers, f.Name)
			continue
		}
		name := string(m[1]) + string(m[2])
		if i := slices.IndexFunc(mods, func(x module) bool { return x.Name == name }); i >= 0 {
			mods[i].Sources = append(mods[i].Sources, f.Name)
		} else {
			mods = append(mods, module{Name: name, Sources: []string{f.Name}})
		}
	}
	if len(mods) == 0 {
		base := filepath.Base(e.Sources[0].Name)
		return []module{{Name: strings.TrimSuffix(base, filepath.Ext(base)), Sources: helpers}}
	}
	mods[0].Sources = append(mods[0].Sources, helpers...)
	return mods
}

// validate checks what `new` was given, before anything is written.
func (e *extension) validate() error {
	if e.With != "" && !slices.Contains(scriptlang.BindingNames, e.With) {
		msg := fmt.Sprintf("--with %s: want %s", e.With, strings.Join(scriptlang.BindingNames, " or "))
		if s := suggest.Closest(e.With, scriptlang.BindingNames, 3); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
		return fmt.Errorf("%s", msg)
	}
	if e.FixFlag != "" && !macroNameRE.MatchString(e.FixFlag) {
		return fmt.Errorf("--fix-flag %s: want a macro name such as FIX (the case passes -D%s)", e.FixFlag, strings.TrimPrefix(e.FixFlag, "-D"))
	}
	if e.FixFlag != "" && len(e.Sources) == 0 {
		return fmt.Errorf("--fix-flag needs the extension's source (--source ext.cpp)")
	}
	if e.With != "" && len(e.Sources) == 0 {
		return fmt.Errorf("--with needs the extension's source (--source ext.cpp)")
	}
	for _, f := range e.Sources {
		switch strings.ToLower(filepath.Ext(f.Name)) {
		case ".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hpp", ".hh":
		default:
			return fmt.Errorf("--source %s: want a C or C++ file (.c, .cc, .cpp, .cxx, or a header)", f.Name)
		}
	}
	return nil
}

// addExtension makes the draft build the extension before its repro runs:
// a build-ext line per module, the repro's run with stdout '^ok$' (the program got to
// its end; what follows is the interpreter's exit), requires: [cc], the
// binding library pinned, and with a fix flag a default variant built
// with -DFLAG and a buggy one without it that must crash.
func (d *Draft) addExtension(e extension) error {
	if err := e.validate(); err != nil {
		return err
	}
	if len(e.Sources) == 0 {
		return nil
	}
	var builds []string
	for _, m := range e.modules() {
		build := []string{"build-ext"}
		if e.With != "" {
			build = append(build, "--with", e.With)
		}
		build = append(build, m.Name)
		build = append(build, m.Sources...)
		if e.FixFlag != "" {
			build = append(build, "--", "$FIXFLAG")
		}
		builds = append(builds, strings.Join(build, " "))
	}
	if e.FixFlag != "" {
		d.env = map[string]string{"FIXFLAG": "-D" + e.FixFlag}
		d.variants = append(d.variants, draftVariant{Name: "buggy", Env: map[string]string{"FIXFLAG": ""}, Exit: cmp.Or(e.BuggyExit, "crash")})
	}
	d.commands = append(builds, d.commands...)
	d.commands = append(d.commands, "stdout '^ok$'")
	for i, f := range d.files {
		if filepath.Ext(f.Name) == ".py" {
			d.files[i].Data = ensurePrintsOK(f.Data)
		}
	}
	d.files = append(d.files, e.Sources...)
	d.requires = appendNew(d.requires, "cc")
	if e.With != "" {
		named := false
		for _, p := range d.packages {
			if strings.HasPrefix(strings.ToLower(p), e.With) {
				named = true
			}
		}
		if !named {
			d.packages = append(d.packages, bindingPins[e.With])
		}
		if e.With == "nanobind" && len(d.python) == 0 {
			d.python = []string{">=3.10"} // nanobind's own floor
		}
	}
	if d.story == nil {
		d.story = append(append([]string{}, storyTemplate...), extensionStory...)
	}
	return nil
}

// extensionStory asks for the table a reviewer of a C++ case wants: how
// each variant ends on each interpreter, measured, crashes that stay
// silent included.
var extensionStory = []string{
	"  Measured here (OS, compiler, N runs a cell), how each variant ends:",
	"    python   default  buggy",
	"    3.12     exit 0   SIGSEGV, stderr empty",
}

var printsOKRE = lazyregexp.New(`(?m)^\s*print\(\s*["']ok["']\s*\)`)

// ensurePrintsOK appends print("ok") to a repro that does not print it,
// so that stdout '^ok$' shows the program reached its end before exit.
func ensurePrintsOK(repro []byte) []byte {
	if printsOKRE.Match(repro) {
		return repro
	}
	out := append([]byte{}, repro...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return append(out, "print(\"ok\")  # the program got to its end: what follows is the interpreter's exit\n"...)
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
