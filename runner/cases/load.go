package cases

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cleanexit/cleanexit/runner/exitstatus"
	"github.com/cleanexit/cleanexit/runner/feature"
	"github.com/cleanexit/cleanexit/runner/forensics"
	"github.com/cleanexit/cleanexit/runner/pep508"
	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"
)

// variantKeys may appear at the top of case.yaml and in each variant.
var variantKeys = []string{
	"python", "packages", "index", "requires", "unsupported", "xfail",
	"exit", "stderr", "timeout", "env", "repeat", "retries", "clean",
	"phase", "backtrace", "checks",
}

// caseKeys may appear only at the top of case.yaml.
var caseKeys = []string{"summary", "links", "variants", "known-bad"}

// Load reads and validates the case in file. project names the folder the
// case belongs to. A problem is returned as an ErrorList of every error
// found, each at its file:line.
func Load(file, project string) (*Case, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, ErrorList{{File: file, Msg: err.Error()}}
	}
	return Parse(file, project, data)
}

// Parse is Load over data already read.
func Parse(file, project string, data []byte) (*Case, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, ErrorList{{File: file, Msg: err.Error()}}
	}
	c := &Case{
		File:       file,
		Dir:        filepath.Dir(abs),
		Project:    project,
		Name:       strings.TrimSuffix(filepath.Base(file), ".txtar"),
		ScriptLine: 1,
	}
	d := &decoder{file: file}
	if line := crlfLine(data); line > 0 {
		d.errs = append(d.errs, &Error{File: file, Line: line, Msg: "CRLF (Windows) line ending: a case uses LF line endings: convert it with dos2unix, and keep it LF with \"*.txtar text eol=lf\" in .gitattributes (a repro that needs CRLF can make it with unix2dos in the script)"})
		return nil, d.errs
	}
	if line := badMarker(data); line > 0 {
		d.errs = append(d.errs, &Error{File: file, Line: line, Msg: "file marker with no file name"})
		return nil, d.errs
	}
	ar := txtar.Parse(data)
	c.Script = string(ar.Comment)
	markers := markerLines(data)

	var yamlFile *txtar.File
	seen := map[string]int{}
	written := map[string]int{} // the files testscript writes into $WORK
	for i, f := range ar.Files {
		line := 0
		if i < len(markers) {
			line = markers[i]
		}
		if msg := badArchiveName(f.Name); msg != "" {
			d.errs = append(d.errs, &Error{File: file, Line: line, Msg: msg})
			continue
		}
		if prev, ok := seen[f.Name]; ok {
			d.errs = append(d.errs, &Error{File: file, Line: line, Msg: fmt.Sprintf("file %q appears twice (first at line %d)", f.Name, prev)})
			continue
		}
		seen[f.Name] = line
		if f.Name == "case.yaml" {
			yamlFile = &ar.Files[i]
			d.offset = line
			continue
		}
		if msg := folderClash(f.Name, written); msg != "" {
			d.errs = append(d.errs, &Error{File: file, Line: line, Msg: msg})
			continue
		}
		written[f.Name] = line
		c.Files = append(c.Files, f)
	}
	if yamlFile == nil {
		d.errs = append(d.errs, &Error{File: file, Msg: "no case.yaml in the archive (add a \"-- case.yaml --\" section with at least summary: and links:)"})
		return nil, d.errs
	}

	var doc yaml.Node
	if err := yaml.Unmarshal(yamlFile.Data, &doc); err != nil {
		d.syntaxError(err)
		return nil, d.errs
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		d.errs = append(d.errs, &Error{File: file, Line: d.offset, Msg: "case.yaml is empty (want at least summary: and links:)"})
		return nil, d.errs
	}
	root := doc.Content[0]
	def := &Variant{Name: "default", Line: d.offset + 1}
	var variantsNode *yaml.Node
	d.mapping(root, "case.yaml", append(append([]string{}, caseKeys...), variantKeys...), func(key string, k, v *yaml.Node) {
		switch key {
		case "summary":
			if s, ok := d.str(v, key); ok {
				c.Summary = strings.TrimSpace(s)
				if c.Summary == "" {
					d.errorf(v, "summary: must say in one line what broke")
				} else if strings.Contains(c.Summary, "\n") {
					d.errorf(v, "summary: must be one line")
				}
			}
		case "links":
			links, lines := d.strings(v, key, false)
			for i, l := range links {
				if msg := badLink(l); msg != "" {
					d.errs = append(d.errs, &Error{File: file, Line: lines[i], Msg: "links: " + msg})
				}
			}
			c.Links = links
		case "known-bad":
			c.KnownBad, _ = d.strings(v, key, true)
		case "variants":
			variantsNode = v
		default:
			d.variantKey(c, def, key, v)
		}
	})
	if root.Kind == yaml.MappingNode {
		if c.Summary == "" && !hasKey(root, "summary") {
			d.errorf(root, "case.yaml: missing summary: (one line: what broke)")
		}
		if len(c.Links) == 0 && !hasKey(root, "links") {
			d.errorf(root, "case.yaml: missing links: (at least one upstream issue, PR or commit URL)")
		} else if len(c.Links) == 0 && hasKey(root, "links") {
			d.errorf(keyNode(root, "links"), "links: want at least one URL")
		}
	}
	c.Variants = []*Variant{def}
	if variantsNode != nil {
		if variantsNode.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(variantsNode.Content); i += 2 {
				k, v := variantsNode.Content[i], variantsNode.Content[i+1]
				name := k.Value
				if !variantNameRE.MatchString(name) {
					d.errorf(k, "variants: %q is not a usable variant name (letters, digits, '-', '_', '.')", name)
					continue
				}
				if c.Variant(name) != nil {
					if name == "default" {
						d.errorf(k, "variants: \"default\" is the case itself; put its settings at the top of case.yaml")
					} else {
						d.errorf(k, "variants: %q appears twice", name)
					}
					continue
				}
				vr := def.clone()
				vr.Name, vr.Line = name, k.Line+d.offset
				if v.Tag == "!!null" {
					d.errorf(v, "variants: %s: overrides nothing (give it at least one key, or remove it)", name)
				} else {
					vr.Env = copyEnv(def.Env)
					d.mapping(v, "variants: "+name, variantKeys, func(key string, k, v *yaml.Node) {
						d.variantKey(c, vr, key, v)
					})
				}
				c.Variants = append(c.Variants, vr)
			}
		} else {
			d.errorf(variantsNode, "variants: want a mapping of variant names to their overrides")
		}
	}
	for _, n := range c.KnownBad {
		if c.Variant(n) == nil {
			d.errorf(keyNode(root, "known-bad"), "known-bad: no variant named %q", n)
		}
	}
	d.checkPhases(c)
	d.checkScript(c)
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	c.AddChecks(nil)
	return c, nil
}

var variantNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// variantKey decodes one of the keys a variant may override into v.
func (d *decoder) variantKey(c *Case, v *Variant, key string, n *yaml.Node) {
	switch key {
	case "python":
		if n.Kind == yaml.SequenceNode && len(n.Content) == 0 {
			// Selecting nothing would make every run of the case vanish
			// from the plan, silently, as exit: [] would expect nothing.
			d.errorf(n, "python: an empty list selects no interpreter, so the case would never run; leave python out for the corpus default")
			return
		}
		texts, lines := d.strings(n, key, true)
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
	case "packages":
		texts, lines := d.strings(n, key, false)
		v.Packages = nil
		for i, t := range texts {
			r, err := pep508.Parse(t)
			if err != nil {
				d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("packages: %q: %v", t, err)})
				continue
			}
			if r.Path != "" {
				p := r.Path
				if strings.HasPrefix(p, "~/") {
					d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("packages: %q: a case may not name a path in a home directory; put the package in the case's folder", t)})
					continue
				}
				if !filepath.IsAbs(p) {
					p = filepath.Join(c.Dir, filepath.FromSlash(p))
				}
				if _, err := os.Stat(p); err != nil {
					d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("packages: %q: no such file or directory (local paths are relative to the case file)", t)})
					continue
				}
				r.Path = p
			}
			v.Packages = append(v.Packages, r)
		}
	case "index":
		v.Index = Index{}
		d.mapping(n, "index", []string{"url", "extra", "find-links", "no-index", "env"}, func(key string, k, val *yaml.Node) {
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
	case "requires":
		v.Requires = d.conditions(n, key)
	case "unsupported":
		v.Unsupported = d.conditions(n, key)
	case "xfail":
		v.XFail = d.conditions(n, key)
	case "exit":
		v.ExitLine = n.Line + d.offset
		words, lines := d.strings(n, key, true)
		var es []exitstatus.Expect
		for i, w := range words {
			e, err := exitstatus.ParseWord(w)
			if err != nil {
				d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "exit: " + err.Error()})
				continue
			}
			es = append(es, e)
		}
		if n.Kind == yaml.SequenceNode && len(words) == 0 {
			d.errorf(n, "exit: an empty list expects nothing; write 0 for a clean exit")
		}
		v.Exit = exitstatus.Union(es...)
	case "stderr":
		if s, ok := d.str(n, key); ok {
			re, err := regexp.Compile(`(?m)` + s)
			if err != nil {
				d.errorf(n, "stderr: %q is not a regular expression: %v", s, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
			} else {
				v.Stderr = re
			}
		}
	case "timeout":
		if t, ok := d.duration(n, key); ok {
			v.Timeout = t
		}
	case "env":
		if n.Kind != yaml.MappingNode {
			d.errorf(n, "env: want a mapping of variable names to values")
			return
		}
		if v.Env == nil {
			v.Env = map[string]string{}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
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
	case "repeat":
		if r, ok := d.integer(n, key, 1); ok && d.atMost(n, key, r, MaxRepeat) {
			v.Repeat = r
		}
	case "retries":
		if r, ok := d.integer(n, key, 0); ok && d.atMost(n, key, r, MaxRetries) {
			v.Retries = r
		}
	case "phase":
		v.PhaseLine = n.Line + d.offset
		words, lines := d.strings(n, key, true)
		v.Phases = nil
		for i, w := range words {
			p, err := forensics.ParsePhase(w)
			if err != nil {
				d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "phase: " + err.Error()})
				continue
			}
			v.Phases = append(v.Phases, p)
		}
	case "checks":
		words, lines := d.strings(n, key, true)
		v.Checks = nil
		for i, w := range words {
			if err := ValidCheck(w); err != nil {
				d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: "checks: " + err.Error()})
				continue
			}
			v.Checks = append(v.Checks, w)
		}
	case "backtrace":
		if s, ok := d.str(n, key); ok {
			if err := forensics.ParseMode(s); err != nil {
				d.errorf(n, "backtrace: %v", err)
			} else {
				v.Backtrace = s
			}
		}
	case "clean":
		if s, ok := d.str(n, key); ok {
			if s != "strict" && s != "default" {
				d.errorf(n, "clean: want strict or default, not %q", s)
			} else if s == "strict" {
				v.Clean = s
			} else {
				v.Clean = ""
			}
		}
	}
}

// checkPhases rejects a phase on a variant that cannot crash: a phase is
// when a crash happened, and a clean exit has none.
func (d *decoder) checkPhases(c *Case) {
	for _, v := range c.Variants {
		if len(v.Phases) > 0 && v.Exit.Clean() {
			d.errs = append(d.errs, &Error{File: d.file, Line: v.PhaseLine,
				Msg: fmt.Sprintf("phase: variant %q expects a clean exit, which has no phase of death (give it exit: crash, or move phase: into a crashing variant)", v.Name)})
		}
	}
}

var envNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// conditions parses a list of feature expressions, rejecting unknown names.
func (d *decoder) conditions(n *yaml.Node, key string) []Condition {
	texts, lines := d.strings(n, key, false)
	var out []Condition
	for i, t := range texts {
		e, err := feature.Parse(t)
		if err != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("%s: %q: %v", key, t, err)})
			continue
		}
		bad := false
		for _, name := range e.Names() {
			if !feature.Known(name) {
				msg := fmt.Sprintf("%s: unknown feature %q", key, name)
				if sug := feature.Suggest(name); sug != "" {
					msg += fmt.Sprintf(" (did you mean %s?)", sug)
				}
				d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: msg})
				bad = true
			}
		}
		if t == "*" && key != "xfail" {
			d.errs = append(d.errs, &Error{File: d.file, Line: lines[i], Msg: fmt.Sprintf("%s: \"*\" is only meaningful in xfail", key)})
			bad = true
		}
		if !bad {
			out = append(out, Condition{Text: t, Expr: e, Line: lines[i]})
		}
	}
	return out
}

func badLink(s string) string {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Sprintf("%q is not a URL (want https://…)", s)
	}
	return ""
}

func badIndexURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" || (u.Scheme != "file" && u.Host == "") {
		return fmt.Sprintf("%q is not a URL (want https://… or file:///…)", s)
	}
	return ""
}

func hasKey(n *yaml.Node, key string) bool { return keyNode(n, key) != nil }

func keyNode(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return nil
}

func (v *Variant) clone() *Variant {
	c := *v
	c.Env = copyEnv(v.Env)
	return &c
}

func copyEnv(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// MaxRepeat and MaxRetries bound a variant's repeat and retries: a typo of
// 100000 would otherwise hold a CI job for days, one run after another.
const (
	MaxRepeat  = 1000
	MaxRetries = 1000
)

// atMost reports whether n's value i is at most max, and says so if not.
func (d *decoder) atMost(n *yaml.Node, key string, i, max int) bool {
	if i > max {
		d.errorf(n, "%s: at most %d, not %d", key, max, i)
		return false
	}
	return true
}

// ownedEnv are the variables cleanexit sets for every script, with why: a
// case that set them would break the run's isolation (HOME, TMPDIR, WORK),
// or run another environment's python (PATH, VIRTUAL_ENV).
var ownedEnv = map[string]string{
	"WORK":        "testscript's work folder",
	"HOME":        "a home of the run's own, so that nothing of the caller's is read",
	"TMPDIR":      "a temporary folder inside $WORK",
	"VIRTUAL_ENV": "the run's environment",
	"PATH":        "the environment's bin first",
}

// ownedEnvHint says how a case gets what it wanted of an owned variable.
func ownedEnvHint(name, value string) string {
	if name == "PATH" {
		return "; to add to it, write testscript's env in the script: env PATH=" + value + "${:}$PATH"
	}
	return ""
}
