package cases

import (
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/internal/yamlmap"
	"github.com/cleanexit/cleanexit/runner/feature"
	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"
)

// Load reads and validates the case in file. project names the folder the
// case belongs to. A problem is returned as an ErrorList of every error
// found, each at its file:line.
func Load(file, project string) (*Case, error) {
	if msg := nameProblem(file, project); msg != "" {
		return nil, ErrorList{{File: file, Line: 1, Msg: msg}}
	}
	data, err := ReadFile(file)
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
	yamlFile := d.archive(c, data)
	if yamlFile == nil {
		return nil, d.errs
	}
	root := d.document(yamlFile)
	if root == nil {
		return nil, d.errs
	}
	def := &Variant{Name: "default", Line: d.offset + 1}
	c.Variants = []*Variant{def}
	var variantsNode, versionsNode *yaml.Node
	d.mapping(root, "case.yaml", topKeys, func(key string, k, v *yaml.Node) {
		switch key {
		case "variants":
			variantsNode = v // read last, once def is whole
			return
		case "versions":
			versionsNode = v
			return
		}
		d.decodeKey(c, def, key, v)
	})
	d.checkRequired(c, root)
	if variantsNode != nil {
		d.variants(c, def, variantsNode)
	}
	if versionsNode != nil {
		d.versions(c, def, versionsNode)
	}
	knownBad, _ := yamlmap.Lookup(root, "known-bad")
	for _, n := range c.KnownBad {
		if c.Variant(n) == nil {
			d.errorf(knownBad, "known-bad: no variant named %q", n)
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

// archive reads the txtar archive: the script into c, every file but
// case.yaml into c.Files. It returns case.yaml, or nil when the archive
// cannot be read further (a CRLF line, a marker with no name, no case.yaml).
func (d *decoder) archive(c *Case, data []byte) *txtar.File {
	if line := crlfLine(data); line > 0 {
		d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: "CRLF (Windows) line ending: a case uses LF line endings: convert it with dos2unix, and keep it LF with \"*.txtar text eol=lf\" in .gitattributes (a repro that needs CRLF can make it with unix2dos in the script)"})
		return nil
	}
	if line := badMarker(data); line > 0 {
		d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: "file marker with no file name"})
		return nil
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
			d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: msg})
			continue
		}
		if prev, ok := seen[f.Name]; ok {
			d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: fmt.Sprintf("file %q appears twice (first at line %d)", f.Name, prev)})
			continue
		}
		seen[f.Name] = line
		if f.Name == "case.yaml" {
			yamlFile = &ar.Files[i]
			d.offset = line
			continue
		}
		if msg := folderClash(f.Name, written); msg != "" {
			d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: msg})
			continue
		}
		written[f.Name] = line
		c.Files = append(c.Files, f)
	}
	if yamlFile == nil {
		d.errs = append(d.errs, &Error{File: d.file, Msg: "no case.yaml in the archive (add a \"-- case.yaml --\" section with at least summary: and links:)"})
	}
	return yamlFile
}

// document parses case.yaml and returns its root node, or nil when it is
// not YAML or holds nothing.
func (d *decoder) document(f *txtar.File) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal(f.Data, &doc); err != nil {
		d.syntaxError(err)
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		d.errs = append(d.errs, &Error{File: d.file, Line: d.offset, Msg: "case.yaml is empty (want at least summary: and links:)"})
		return nil
	}
	return doc.Content[0]
}

// checkRequired asks for the keys every case must have: a summary, and
// at least one link.
func (d *decoder) checkRequired(c *Case, root *yaml.Node) {
	if root.Kind != yaml.MappingNode {
		return
	}
	summary, _ := yamlmap.Lookup(root, "summary")
	links, _ := yamlmap.Lookup(root, "links")
	if c.Summary == "" && summary == nil {
		d.errorf(root, "case.yaml: missing summary: (one line: what broke)")
	}
	if len(c.Links) == 0 && links == nil {
		d.errorf(root, "case.yaml: missing links: (at least one upstream issue, PR or commit URL)")
	} else if len(c.Links) == 0 {
		d.errorf(links, "links: want at least one URL")
	}
}

// variants reads the variants mapping: each variant starts as a copy of
// def, the case itself, and overrides the keys it names.
func (d *decoder) variants(c *Case, def *Variant, n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "variants: want a mapping of variant names to their overrides")
		return
	}
	for k, v := range yamlmap.Entries(n) {
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
			vr.Env = maps.Clone(def.Env)
			d.mapping(v, "variants: "+name, variantKeys, func(key string, k, v *yaml.Node) {
				d.decodeKey(c, vr, key, v)
			})
		}
		c.Variants = append(c.Variants, vr)
	}
}

var variantNameRE = lazyregexp.New(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// checkPhases rejects a phase on a variant that cannot crash: a phase is
// when a crash happened, and a clean exit or a hang has none.
func (d *decoder) checkPhases(c *Case) {
	for _, v := range c.Variants {
		if len(v.Phases) > 0 && !v.Exit.Crashes() {
			what := "a clean exit"
			if !v.Exit.Clean() {
				what = "exit " + v.Exit.String()
			}
			d.errs = append(d.errs, &Error{File: d.file, Line: v.PhaseLine,
				Msg: fmt.Sprintf("phase: variant %q expects %s, which has no phase of death (give it exit: crash, or move phase: into a crashing variant)", v.Name, what)})
		}
	}
}

var envNameRE = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

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

func (v *Variant) clone() *Variant {
	c := *v
	c.Env = maps.Clone(v.Env)
	return &c
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
