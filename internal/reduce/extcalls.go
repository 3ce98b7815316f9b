package reduce

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/txtar"
)

// extensionCalls are the calls of the case's own extension modules that
// each Python file makes, which every candidate must keep: a crash at
// exit that no longer needs keep() is another crash, however alike the
// signal (a garbage pointer segfaults too), and a repro that stopped
// calling what the report names no longer shows the report's bug. Calls
// are read from the text: `holder.keep(` and, after `from holder import
// keep`, `keep(` (`k(` after `import keep as k`).
type extensionCalls map[string][]*regexp.Regexp // file → calls it must keep

// newExtensionCalls reads the modules the script builds and the calls of
// them in the named Python files of files.
func newExtensionCalls(c *cases.Case, files []txtar.File, names []string) extensionCalls {
	modules := builtModules(c)
	if len(modules) == 0 {
		return nil
	}
	out := extensionCalls{}
	for _, f := range files {
		if !isPython(f.Name) || !slices.Contains(names, f.Name) {
			continue
		}
		src := string(f.Data)
		var calls []*regexp.Regexp
		for _, m := range modules {
			qm := regexp.QuoteMeta(m)
			for _, fn := range uniqueSubmatches(regexp.MustCompile(`\b`+qm+`\s*\.\s*([A-Za-z_]\w*)\s*\(`), src) {
				calls = append(calls, regexp.MustCompile(`\b`+qm+`\s*\.\s*`+fn+`\s*\(`))
			}
			for _, names := range uniqueSubmatches(regexp.MustCompile(`(?m)^[ \t]*from[ \t]+`+qm+`[ \t]+import[ \t]+\(?([\w \t,]+)`), src) {
				for _, n := range strings.Split(names, ",") {
					f := strings.Fields(n) // "keep", or "keep as k", called as k
					if len(f) == 0 {
						continue
					}
					n = f[len(f)-1]
					call := regexp.MustCompile(`(^|[^.\w])` + regexp.QuoteMeta(n) + `\s*\(`)
					if call.MatchString(src) {
						calls = append(calls, call)
					}
				}
			}
		}
		if len(calls) > 0 {
			out[f.Name] = calls
		}
	}
	return out
}

// kept reports whether a candidate of file name still makes every call
// of the extension that the original made.
func (e extensionCalls) kept(name, src string) bool {
	for _, call := range e[name] {
		if !call.MatchString(src) {
			return false
		}
	}
	return true
}

// builtModules are the modules the case's build-ext lines build.
func builtModules(c *cases.Case) []string {
	script := scriptOf(c)
	var out []string
	for _, l := range script.Lines {
		if l.Name != "build-ext" {
			continue
		}
		args := make([]string, len(l.Args))
		for i, a := range l.Args {
			args[i] = a.Text
		}
		b, err := scriptlang.ParseBuildExt(args)
		if err != nil || strings.Contains(b.Module, "$") || slices.Contains(out, b.Module) {
			continue
		}
		out = append(out, b.Module)
	}
	return out
}

func uniqueSubmatches(re *regexp.Regexp, src string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(src, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// scriptOf is the script a case runs: its commands, or the implicit
// `python FILE` of a case that has none.
func scriptOf(c *cases.Case) *scriptlang.Script {
	if implicit := c.ImplicitScript(); implicit != "" {
		s, _ := scriptlang.Parse(implicit, 1)
		return s
	}
	return c.Commands()
}
