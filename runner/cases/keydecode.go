package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/yamlmap"
	"github.com/cleanexit/cleanexit/runner/pep508"
	"gopkg.in/yaml.v3"
)

// The decoders of case.yaml's keys, one a key, in the order of keys. Each
// records its problems at their lines and leaves the key's field as it
// was, or emptied, when the value is refused.

func (d *decoder) summary(c *Case, _ *Variant, n *yaml.Node) {
	s, ok := d.str(n, "summary")
	if !ok {
		return
	}
	c.Summary = strings.TrimSpace(s)
	if c.Summary == "" {
		d.errorf(n, "summary: must say in one line what broke")
	} else if strings.Contains(c.Summary, "\n") {
		d.errorf(n, "summary: must be one line")
	}
}

func (d *decoder) links(c *Case, _ *Variant, n *yaml.Node) {
	links, lines := d.strings(n, "links", false)
	for i, l := range links {
		if msg := badLink(l); msg != "" {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "links: " + msg})
		}
	}
	c.Links = links
}

func (d *decoder) python(_ *Case, v *Variant, n *yaml.Node) {
	if n.Kind == yaml.SequenceNode && len(n.Content) == 0 {
		// Selecting nothing would make every run of the case vanish
		// from the plan, silently, as exit: [] would expect nothing.
		d.errorf(n, "python: an empty list selects no interpreter, so the case would never run; leave python out for the corpus default")
		return
	}
	texts, lines := d.strings(n, "python", true)
	v.Python = nil
	for i, t := range texts {
		sel, err := ParsePythonSelector(t)
		if err != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: err.Error()})
			continue
		}
		sel.Line = lines[i]
		v.Python = append(v.Python, sel)
	}
}

func (d *decoder) requires(_ *Case, v *Variant, n *yaml.Node) {
	v.Requires = d.conditions(n, "requires")
}

func (d *decoder) unsupported(_ *Case, v *Variant, n *yaml.Node) {
	v.Unsupported = d.conditions(n, "unsupported")
}

func (d *decoder) checks(_ *Case, v *Variant, n *yaml.Node) {
	words, lines := d.strings(n, "checks", true)
	v.Checks = nil
	for i, w := range words {
		if err := ValidCheck(w); err != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "checks: " + err.Error()})
			continue
		}
		v.Checks = append(v.Checks, w)
	}
}

// env merges over what the variant holds already: a variant's env starts
// as a copy of the case's.
func (d *decoder) env(_ *Case, v *Variant, n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "env: want a mapping of variable names to values")
		return
	}
	if v.Env == nil {
		v.Env = map[string]string{}
	}
	for k, val := range yamlmap.Entries(n) {
		if !envNameRE.MatchString(k.Value) {
			d.errorf(k, "env: %q is not a variable name", k.Value)
			continue
		}
		if why, owned := ownedEnv[k.Value]; owned {
			d.errorf(k, "env: %s is cleanexit's to set (%s)%s", k.Value, why, ownedEnvHint(k.Value, val.Value))
			continue
		}
		if val.Kind != yaml.ScalarNode {
			d.errorf(val, "env: %s: want a string, not %s", k.Value, kindName(val))
			continue
		}
		v.Env[k.Value] = val.Value
	}
}

// moduleNameRE is a dotted Python module name.
var moduleNameRE = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)

func (d *decoder) moduleAlias(_ *Case, v *Variant, n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "module-alias: want a mapping of the module a test imports to the module that provides it (mlir: iree.compiler)")
		return
	}
	v.ModuleAlias = map[string]string{}
	for k, val := range yamlmap.Entries(n) {
		if !moduleNameRE.MatchString(k.Value) {
			d.errorf(k, "module-alias: %q is not a module name", k.Value)
			continue
		}
		if val.Kind != yaml.ScalarNode || !moduleNameRE.MatchString(val.Value) {
			d.errorf(val, "module-alias: %s: want the name of the module that provides it, such as iree.compiler", k.Value)
			continue
		}
		if val.Value == k.Value || strings.HasPrefix(val.Value, k.Value+".") {
			d.errorf(val, "module-alias: %s: %s is inside %s itself", k.Value, val.Value, k.Value)
			continue
		}
		v.ModuleAlias[k.Value] = val.Value
	}
}

func (d *decoder) timeout(_ *Case, v *Variant, n *yaml.Node) {
	if t, ok := d.duration(n, "timeout"); ok {
		v.Timeout = t
	}
}

func (d *decoder) packages(c *Case, v *Variant, n *yaml.Node) {
	texts, lines := d.strings(n, "packages", false)
	v.Packages = nil
	for i, t := range texts {
		r, err := pep508.Parse(t)
		if err != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("packages: %q: %v", t, err)})
			continue
		}
		if r.Path != "" {
			p, msg := localPackage(c.Dir, r.Path)
			if msg != "" {
				d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("packages: %q: %s", t, msg)})
				continue
			}
			r.Path = p
		}
		v.Packages = append(v.Packages, r)
	}
}

// localPackage resolves a requirement's local path against the case's
// folder, or says why a case may not name it.
func localPackage(caseDir, p string) (string, string) {
	if strings.HasPrefix(p, "~/") {
		return "", "a case may not name a path in a home directory; put the package in the case's folder"
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(caseDir, filepath.FromSlash(p))
	}
	if _, err := os.Stat(p); err != nil {
		return "", "no such file or directory (local paths are relative to the case file)"
	}
	return p, ""
}

func (d *decoder) index(c *Case, v *Variant, n *yaml.Node) {
	v.Index = Index{}
	d.mapping(n, "index", indexKeys, func(key string, k, val *yaml.Node) {
		switch key {
		case "url":
			if s, ok := d.str(val, "index: url"); ok {
				if msg := badIndexURL(s); msg != "" {
					d.errorf(val, "index: url: %s", msg)
				}
				v.Index.URL = s
			}
		case "extra":
			urls, lines := d.strings(val, "index: extra", true)
			for i, u := range urls {
				if msg := badIndexURL(u); msg != "" {
					d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "index: extra: " + msg})
				}
			}
			v.Index.Extra = urls
		case "find-links":
			locs, _ := d.strings(val, "index: find-links", true)
			v.Index.FindLinks = append(v.Index.FindLinks, ResolveFindLinks(locs, c.Dir)...)
		case "no-index":
			v.Index.NoIndex, _ = d.boolean(val, "index: no-index")
		case "env":
			names, lines := d.strings(val, "index: env", true)
			for i, name := range names {
				if !envNameRE.MatchString(name) {
					d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("index: env: %q is not a variable name", name)})
				}
			}
			v.Index.Env = names
		}
	})
}

func (d *decoder) xfail(_ *Case, v *Variant, n *yaml.Node) {
	v.XFail = d.conditions(n, "xfail")
}

func (d *decoder) exit(_ *Case, v *Variant, n *yaml.Node) {
	v.ExitLine = n.Line + d.offset
	words, lines := d.strings(n, "exit", true)
	var es []exitstatus.Expect
	var named []string // es's words
	for i, w := range words {
		e, err := exitstatus.ParseWord(w)
		if err != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "exit: " + err.Error()})
			continue
		}
		dup := false
		for j, earlier := range es {
			if why := exitstatus.Overlap(earlier, e); why != "" {
				d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("exit: %s and %s accept the same end (%s); name it once", named[j], w, why)})
				dup = true
				break
			}
		}
		if !dup {
			es, named = append(es, e), append(named, w)
		}
	}
	if n.Kind == yaml.SequenceNode && len(words) == 0 {
		d.errorf(n, "exit: an empty list expects nothing; write 0 for a clean exit")
	}
	v.Exit = exitstatus.Union(es...)
}

func (d *decoder) phase(_ *Case, v *Variant, n *yaml.Node) {
	v.PhaseLine = n.Line + d.offset
	words, lines := d.strings(n, "phase", true)
	v.Phases = nil
	for i, w := range words {
		p, err := forensics.ParsePhase(w)
		if err != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "phase: " + err.Error()})
			continue
		}
		v.Phases = append(v.Phases, p)
	}
}

func (d *decoder) stderr(_ *Case, v *Variant, n *yaml.Node) {
	s, ok := d.str(n, "stderr")
	if !ok {
		return
	}
	re, err := regexp.Compile(`(?m)` + s)
	if err != nil {
		d.errorf(n, "stderr: %q is not a regular expression: %v", s, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		return
	}
	v.Stderr = re
}

func (d *decoder) clean(_ *Case, v *Variant, n *yaml.Node) {
	s, ok := d.str(n, "clean")
	if !ok {
		return
	}
	switch s {
	case "strict":
		v.Clean = s
	case "default":
		v.Clean = ""
	default:
		d.errorf(n, "clean: want strict or default, not %q", s)
	}
}

func (d *decoder) backtrace(_ *Case, v *Variant, n *yaml.Node) {
	s, ok := d.str(n, "backtrace")
	if !ok {
		return
	}
	if err := forensics.ParseMode(s); err != nil {
		d.errorf(n, "backtrace: %v", err)
		return
	}
	v.Backtrace = s
}

func (d *decoder) repeat(_ *Case, v *Variant, n *yaml.Node) {
	if r, ok := d.integer(n, "repeat", 1); ok && d.atMost(n, "repeat", r, MaxRepeat) {
		v.Repeat = r
	}
}

func (d *decoder) retries(_ *Case, v *Variant, n *yaml.Node) {
	if r, ok := d.integer(n, "retries", 0); ok && d.atMost(n, "retries", r, MaxRetries) {
		v.Retries = r
	}
}

func (d *decoder) knownBad(c *Case, _ *Variant, n *yaml.Node) {
	c.KnownBad, _ = d.strings(n, "known-bad", true)
}
